import { isTestPath } from "../../core/index/is-test-path.js";
import type { WorkspacePackage } from "../../core/index/build-modules.js";
import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";

/** `spec.name = "shop-core"`, `s.name = 'billing'`: a literal name, no interpolation. */
const GEM_NAME = /^\s*\w+\.name\s*=\s*(["'])([A-Za-z0-9_.-]+)\1/m;

/**
 * The gems of a repository that holds several (engines, a monorepo's gems): one module per
 * `*.gemspec` in a subfolder, named by its `spec.name` or else the file's stem, entered through
 * `lib/<name>.rb`. A root gemspec is the repository itself, a gemspec under a test folder is a
 * fixture, and one beside no Ruby file packages nothing of the repository: none is a module. Text, not Ruby, is read: a gemspec that computes its name keeps its stem.
 */
export function gemPackages(buildFiles: readonly BuildFile[], paths: readonly RepoPath[]): WorkspacePackage[] {
  const indexed = new Set(paths);
  const packages: WorkspacePackage[] = [];
  const taken = new Set<string>();
  for (const file of buildFiles) {
    if (!file.path.endsWith(".gemspec") || isTestPath(file.path)) continue;
    const slash = file.path.lastIndexOf("/");
    if (slash < 0) continue;
    const dir = file.path.slice(0, slash);
    if (!paths.some((path) => path.startsWith(`${dir}/`) && (path.endsWith(".rb") || path.endsWith(".rake")))) continue;
    const name = GEM_NAME.exec(file.text)?.[2] ?? file.path.slice(slash + 1, -".gemspec".length);
    if (!name || taken.has(name)) continue;
    taken.add(name);
    const entries = [`${dir}/lib/${name}.rb`, `${dir}/lib/${name.replace(/-/g, "/")}.rb`].filter((path, i, all) => indexed.has(path) && all.indexOf(path) === i);
    packages.push({ name, dir, entryHints: entries });
  }
  return packages;
}
