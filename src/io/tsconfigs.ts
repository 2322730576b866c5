import { join } from "node:path";
import type { PathMapping } from "../core/calls/resolve-specifier.js";
import { normalisePath } from "../core/index/resolve-import.js";
import { parseTsconfig, type TsconfigResolution } from "../formats/tsconfig.js";
import type { RepoPath } from "../model.js";
import { readIfReadable } from "./atomic-write.js";

const TSCONFIG = /(^|\/)(tsconfig|jsconfig)[^/]*\.json$/;

function dirOf(path: RepoPath): RepoPath {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/**
 * The `paths`/`baseUrl` mappings of every tsconfig in the repository (project references are
 * tsconfigs of their own), with `extends` followed inside the repository. A config without
 * either contributes nothing; an unreadable one is passed over, as relative imports still resolve.
 */
export function readPathMappings(root: string, listed: readonly RepoPath[]): PathMapping[] {
  const configs = listed.filter((path) => TSCONFIG.test(path) && !path.includes("node_modules/"));
  const parsed = new Map<RepoPath, TsconfigResolution | null>();
  // Read synchronously: a hundred small files, one after another as `extends` leads, cost a commit
  // hook tens of milliseconds through the thread pool and nothing else runs meanwhile.
  const load = (path: RepoPath): TsconfigResolution | null => {
    if (!parsed.has(path)) {
      const text = readIfReadable(join(root, path));
      parsed.set(path, text === undefined ? null : parseTsconfig(text));
    }
    return parsed.get(path)!;
  };

  /** baseUrl and paths in effect for a config, each made repo-relative to the config that declares it. */
  const effective = (path: RepoPath, seen: Set<RepoPath>): { baseUrl?: RepoPath; paths?: PathMapping["paths"]; pathsDir?: RepoPath } => {
    const config = load(path);
    if (!config || seen.has(path)) return {};
    seen.add(path);
    let result: { baseUrl?: RepoPath; paths?: PathMapping["paths"]; pathsDir?: RepoPath } = {};
    for (const parent of config.extends) {
      if (!parent.startsWith(".")) continue;
      const target = normalisePath(`${dirOf(path)}/${parent.endsWith(".json") ? parent : `${parent}.json`}`);
      if (target !== null) result = { ...result, ...effective(target, seen) };
    }
    if (config.baseUrl !== undefined) {
      const baseUrl = normalisePath(`${dirOf(path)}/${config.baseUrl}`);
      if (baseUrl !== null) result.baseUrl = baseUrl;
    }
    if (config.paths !== undefined) {
      result.paths = config.paths;
      result.pathsDir = dirOf(path);
    }
    return result;
  };

  const mappings: PathMapping[] = [];
  for (const path of configs) {
    const { baseUrl, paths, pathsDir } = effective(path, new Set());
    if (baseUrl === undefined && paths === undefined) continue;
    // Without baseUrl, `paths` are relative to the config that declares them.
    mappings.push({ dir: dirOf(path), baseUrl: baseUrl ?? null, pathsBase: baseUrl ?? pathsDir ?? dirOf(path), paths: paths ?? [] });
  }
  return mappings;
}
