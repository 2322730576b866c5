import ignore from "ignore";
import type { RepoPath } from "../../model.js";
import { DEFAULT_EXCLUDES, type IndexConfig } from "./index-config.js";

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".py", ".go"];
const DECLARATION = /\.d\.[cm]?ts$/;

export function isSourcePath(path: RepoPath): boolean {
  return SOURCE_EXTENSIONS.some((extension) => path.endsWith(extension));
}

/**
 * The files to index out of everything the repository lists: sources only, minus generated and
 * vendored code, minus `.d.ts` files that sit beside the source they were generated from.
 */
export function selectSourceFiles(listed: readonly RepoPath[], config: IndexConfig): RepoPath[] {
  const excluded = ignore().add(DEFAULT_EXCLUDES).add(config.exclude);
  const included = config.include.length > 0 ? ignore().add(config.include) : undefined;
  const listedSet = new Set(listed);
  return listed.filter((path) => {
    if (!isSourcePath(path)) return false;
    if (excluded.ignores(path)) return false;
    if (included && !included.ignores(path)) return false;
    if (DECLARATION.test(path)) {
      const stem = path.replace(DECLARATION, "");
      if ([".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"].some((ext) => listedSet.has(stem + ext))) return false;
    }
    return true;
  });
}

