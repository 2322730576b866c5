import { gitConfigSet } from "./git.js";

/** The merge driver `.gitattributes` names for ctx's generated index files. */
export const MERGE_DRIVER = "ctx-index";

/**
 * Registers the driver in the repository's configuration (a clone's own: run by `ctx init` and
 * `ctx hook install`). It keeps this branch's version, which is exit 0 to git: a generated file is
 * never a conflict to resolve by hand. The merged sources are not in the working tree while git
 * runs drivers, so the index cannot be rebuilt here; the pre-commit and pre-merge-commit hooks
 * (or `ctx index`) rebuild it before the merge is committed, and traverse rejects stale rows meanwhile.
 */
export async function registerMergeDriver(root: string): Promise<void> {
  await gitConfigSet(root, `merge.${MERGE_DRIVER}.name`, "ctx's generated index: keep one side, then regenerate with ctx index");
  await gitConfigSet(root, `merge.${MERGE_DRIVER}.driver`, `echo "ctx: %P kept as on this branch; ctx index (run by ctx's pre-commit hook) regenerates it" >&2`);
}
