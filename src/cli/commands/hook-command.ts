import { existsSync } from "node:fs";
import { isBuildFile } from "../../analysis/build-file-patterns.js";
import { join } from "node:path";
import { DEFAULT_CONFIG } from "../../core/index/index-config.js";
import { selectSourceFiles } from "../../core/index/select-files.js";
import { DOMAIN_MANIFEST_FILE } from "../../formats/index-file-names.js";
import { SHARDED_INDEX_FILES, shardFolder } from "../../formats/index-shards.js";
import { parseIndexConfig } from "../../formats/index-config.js";
import { createAnalyzePool, workerCountFor } from "../../io/analyze-pool.js";
import { gitAdd, gitIndexState, gitStagedBlobs, gitStagedPaths } from "../../io/git.js";
import { installHooks, readHooksSetup, uninstallHooks, type HooksSetup } from "../../io/git-hook-files.js";
import { AI_DIR, INDEX_FILES, readIndexConfigText } from "../../io/index-store.js";
import { registerMergeDriver } from "../../io/merge-driver.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { PhaseClock, type Phase } from "../phase-clock.js";

export type HookAction = "install" | "uninstall" | "status";

export interface HookResult {
  action: HookAction;
  /** What the hooks look like after the action. */
  setup: HooksSetup;
  /** False when a hook manager owns the hooks: nothing was written, its configuration is the place. */
  changed: boolean;
}

export async function runHook(cwd: string, action: HookAction): Promise<HookResult> {
  const root = findRepoRoot(cwd);
  const before = await readHooksSetup(root);
  if (action === "status" || (action === "install" && before.manager !== null)) return { action, setup: before, changed: false };
  if (action === "install") {
    await installHooks(before);
    await registerMergeDriver(root);
  } else await uninstallHooks(before);
  return { action, setup: await readHooksSetup(root), changed: true };
}

export interface HookRunResult {
  /** Why the index was or was not refreshed. */
  reason: "no staged sources" | "refreshed";
  /** Index files whose refreshed content was staged. */
  staged: string[];
  /** Staged sources with further unstaged edits: indexed as staged (the commit's content), so lookups in them miss as stale until re-indexed. */
  partlyStaged: string[];
  /** The domain manifest held unstaged edits of yours before the run: it was refreshed but not staged. */
  manifestLeft: boolean;
  parsed: number;
  /**
   * Where the hook's time went (milliseconds): the process's start-up until the hook began, git
   * before the index, the index's own phases (prefixed "index: "; "index: set-up" is what they do
   * not account for, loading the indexer's modules first), git staging after it.
   */
  phases: Phase[];
}

/** What the installed hook runs: refresh the index when staged paths can change it, and stage the index files. */
export async function runHookRun(cwd: string): Promise<HookRunResult> {
  const clock = new PhaseClock(0);
  clock.mark("start-up");
  const root = findRepoRoot(cwd);
  const staged = await gitStagedPaths(root);
  const configText = await readIndexConfigText(root);
  const config = configText === undefined ? DEFAULT_CONFIG : parseIndexConfig(configText, ".ai/index-config.yaml");
  // Sources, and what decides how they resolve: package manifests, tsconfigs, go.mod, each language's build files, ctx's own configuration.
  const relevant = [
    ...selectSourceFiles(staged, config),
    ...staged.filter((path) => /(^|\/)(package\.json|tsconfig[^/]*\.json|go\.mod)$/.test(path) || isBuildFile(path) || path === `${AI_DIR}/index-config.yaml`),
  ];
  // A commit of no source never loads the indexer (most of ctx's modules); otherwise it loads while git answers.
  const indexer = relevant.length === 0 ? null : import("./index-command.js");
  // Its failure is met where it is awaited, not as an unhandled rejection while git runs.
  indexer?.catch(() => undefined);
  if (!indexer) return { reason: "no staged sources", staged: [], partlyStaged: [], manifestLeft: false, parsed: 0, phases: (clock.mark("git: staged paths"), clock.toJSON()) };
  // A worker loads the compiler from now on, while git answers and the index reads its cache: the
  // staged sources are parsed without waiting for it.
  const pool = createAnalyzePool();
  if (workerCountFor(Number.POSITIVE_INFINITY) > 0) await pool.warmUp(1);
  // The index files, and the folders of the sharded ones (formats/index-shards.ts): `git add -A` stages a shard that went too.
  const shardFolders = SHARDED_INDEX_FILES.map((name) => `${AI_DIR}/${shardFolder(name)}`);
  // What git holds of every file, the index files too: the run writes the working tree only, so it is the same before and after it.
  const gitIndex = await gitIndexState(root);
  const unstagedBefore = gitIndex?.unstaged ?? new Set<string>();
  const stagedBefore = gitIndex?.blobs ?? new Map<string, string>();
  clock.mark("git: staged paths");
  // A file git proves to be as the last run indexed it is taken as it is; every other one is checked
  // (after a branch switch, a stash or a reset, those are the files it changed).
  const { runIndex } = await indexer;
  const summary = await runIndex({ cwd: root, check: false, pool, ...(gitIndex ? { gitIndex } : {}) });
  clock.markBrokenDown(summary.phases.map((phase) => ({ ...phase, phase: `index: ${phase.phase}` })), "index: set-up");
  const manifest = `${AI_DIR}/${DOMAIN_MANIFEST_FILE}`;
  const manifestLeft = unstagedBefore.has(manifest);
  const indexPaths = [
    ...INDEX_FILES.map((name) => `${AI_DIR}/${name}`).filter((path) => !(manifestLeft && path === manifest) && existsSync(join(root, path))),
    ...shardFolders.filter((folder) => existsSync(join(root, folder)) || [...stagedBefore.keys()].some((path) => path.startsWith(`${folder}/`))),
  ];
  const within = (path: string): boolean => indexPaths.some((indexPath) => path === indexPath || path.startsWith(`${indexPath}/`));
  const before = new Map([...stagedBefore].filter(([path]) => path.startsWith(`${AI_DIR}/`) && within(path)));
  await gitAdd(root, indexPaths);
  const after = await gitStagedBlobs(root, indexPaths);
  clock.mark("git: stage index files");
  return {
    reason: "refreshed",
    staged: [...new Set([...before.keys(), ...after.keys()])].filter((path) => after.get(path) !== before.get(path)).sort(),
    partlyStaged: relevant.filter((path) => unstagedBefore.has(path)).sort(),
    manifestLeft,
    parsed: summary.parsed,
    phases: clock.toJSON(),
  };
}
