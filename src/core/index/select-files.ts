import ignore from "ignore";
import type { RepoPath } from "../../model.js";
import { compare } from "./build-modules.js";
import { isRouteConfigPath } from "./route-config-path.js";
import { DEFAULT_EXCLUDES, type IndexConfig } from "./index-config.js";

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".py", ".go", ".java", ".cs", ".rs", ".php", ".rb", ".rake"];
const DECLARATION = /\.d\.[cm]?ts$/;

export function isSourcePath(path: RepoPath): boolean {
  return SOURCE_EXTENSIONS.some((extension) => path.endsWith(extension)) || isRouteConfigPath(path);
}

/** Sources a default exclude kept out of the index, grouped by the folder (or file pattern) that matched them. */
export interface DefaultExclusion {
  /** The excluded folder as a pattern (`build/`, `packages/web/dist/`), or the default file pattern (`*.min.js`). */
  pattern: string;
  /** Source files under it that the configuration would otherwise have indexed. */
  files: number;
  /** The `.ai/index-config.yaml` line that brings them back. */
  setting: string;
}

/**
 * The files to index out of everything the repository lists: sources only, minus generated and
 * vendored code, minus `.d.ts` files that sit beside the TypeScript source they were generated from.
 */
export function selectSourceFiles(listed: readonly RepoPath[], config: IndexConfig): RepoPath[] {
  return selectSources(listed, config).selected;
}

/**
 * selectSourceFiles, and what only the default excludes kept out: a user who never wrote an
 * exclude must still learn that `build/` held sources, and how to bring them back. `before`, a
 * selection made with the same settings from another listing: a path it selected is selected again
 * unmatched (but a declaration file, which is selected or not by the files beside it).
 */
export function selectSources(listed: readonly RepoPath[], config: IndexConfig, before?: ReadonlySet<RepoPath>): { selected: RepoPath[]; leftOutByDefault: DefaultExclusion[] } {
  const excluded = ignore().add(DEFAULT_EXCLUDES).add(config.exclude);
  const excludedByUser = ignore().add(config.exclude);
  const included = config.include.length > 0 ? ignore().add(config.include) : undefined;
  const listedSet = new Set(listed);
  // Folders holding TypeScript sources: a declaration file beside a script there is written by hand.
  const typescriptFolders = new Set<string>();
  for (const path of listed) if (/\.[cm]?tsx?$/.test(path) && !DECLARATION.test(path)) typescriptFolders.add(folderOf(path));
  const leftOut = new Map<string, number>();
  const selected = listed.filter((path) => {
    if (before?.has(path) && !DECLARATION.test(path)) return true;
    if (!isSourcePath(path)) return false;
    if (included && !included.ignores(path)) return false;
    if (DECLARATION.test(path)) {
      const stem = path.replace(DECLARATION, "");
      // Beside a TypeScript source it is the compiler's output. Beside a script, in a folder of
      // TypeScript sources and without a declaration map, it is the script's hand-written typing, where
      // the compiler reads its types (`query-generator.d.ts` for `query-generator.js`); elsewhere (a
      // package's built `index.js` and `index.d.ts`) it is build output.
      if ([".ts", ".tsx", ".mts", ".cts"].some((ext) => listedSet.has(stem + ext))) return false;
      const generated = listedSet.has(`${path}.map`) || !typescriptFolders.has(folderOf(path));
      if (generated && [".js", ".mjs", ".cjs", ".jsx"].some((ext) => listedSet.has(stem + ext))) return false;
    }
    if (excluded.ignores(path) && !(withinSources(path) && !excludedByUser.ignores(path))) {
      if (!excludedByUser.ignores(path)) {
        const pattern = defaultPatternOf(path);
        if (pattern !== undefined) leftOut.set(pattern, (leftOut.get(pattern) ?? 0) + 1);
      }
      return false;
    }
    return true;
  });
  const leftOutByDefault = [...leftOut]
    .sort(([a], [b]) => compare(a, b))
    .map(([pattern, files]) => ({ pattern, files, setting: `exclude: [${JSON.stringify(`!${pattern}`)}]` }));
  return { selected, leftOutByDefault };
}

/** Output folder names that are a domain's name inside a source tree (`src/core/build/`, `src/jobs/out/`). */
const OUTPUT_FOLDERS = new Set(["build/", "dist/", "out/"]);

/**
 * Whether the only default exclude that holds `path` is an output folder's name inside a `src/`
 * folder: no build tool writes its output into the sources, so `src/core/build/build.service.ts` is source.
 */
function withinSources(path: RepoPath): boolean {
  const folder = defaultPatternOf(path);
  if (folder === undefined || !folder.endsWith("/")) return false;
  const name = folder.slice(folder.lastIndexOf("/", folder.length - 2) + 1);
  return OUTPUT_FOLDERS.has(name) && (folder.startsWith("src/") || folder.includes("/src/")) && !DEFAULT_FOLDERS.ignores(path.slice(folder.length));
}

function folderOf(path: RepoPath): string {
  return path.slice(0, Math.max(0, path.lastIndexOf("/")));
}

const DEFAULT_FOLDERS = ignore().add(DEFAULT_EXCLUDES.filter((pattern) => pattern.endsWith("/")));
const DEFAULT_FILE_PATTERNS = DEFAULT_EXCLUDES.filter((pattern) => !pattern.endsWith("/")).map((pattern) => ({ pattern, matcher: ignore().add(pattern) }));

/**
 * The outermost default-excluded folder holding `path` (its negation in `exclude` brings it back),
 * else the default file pattern it matches. ctx's own `.ai/` is not offered back.
 */
function defaultPatternOf(path: RepoPath): string | undefined {
  for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1)) {
    const folder = path.slice(0, slash + 1);
    if (DEFAULT_FOLDERS.ignores(folder)) return folder === ".ai/" ? undefined : folder;
  }
  return DEFAULT_FILE_PATTERNS.find(({ matcher }) => matcher.ignores(path))?.pattern;
}
