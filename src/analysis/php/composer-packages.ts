import type { WorkspacePackage } from "../../core/index/build-modules.js";
import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";
import { parseComposer } from "./parse-composer.js";

/**
 * The composer packages of a monorepo as modules: each composer.json below the root that has a
 * `name` and PHP sources indexed under its folder (a test fixture's composer.json, left out of the
 * index, is no module), named by it. The root package is the repository itself: none for it.
 */
export function composerPackages(buildFiles: readonly BuildFile[], paths: readonly RepoPath[]): WorkspacePackage[] {
  const folders = new Set<string>();
  for (const path of paths) {
    if (!path.endsWith(".php")) continue;
    for (let at = path.lastIndexOf("/"); at > 0; at = path.lastIndexOf("/", at - 1)) {
      const folder = path.slice(0, at);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  const packages: WorkspacePackage[] = [];
  const named = new Set<string>();
  for (const file of buildFiles) {
    const composer = parseComposer(file);
    if (!composer?.name || composer.dir === "" || !folders.has(composer.dir) || named.has(composer.name)) continue;
    named.add(composer.name);
    packages.push({ name: composer.name, dir: composer.dir, entryHints: [] });
  }
  return packages;
}
