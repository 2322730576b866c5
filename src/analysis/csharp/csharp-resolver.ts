import { isTestPath } from "../../core/index/is-test-path.js";
import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";
import { dotnetProjects } from "./dotnet-projects.js";

/**
 * Where a `using` leads, by .NET's convention that a namespace is its project's root namespace
 * followed by the folders under the project: `Acme.Shop.Orders` with project `Acme.Shop` at
 * `src/Acme.Shop/` is the folder `src/Acme.Shop/Orders/`, represented by its first source file in
 * path order (a test file only when the folder holds nothing else); `Acme.Shop.Orders.Order`, a
 * type, is `src/Acme.Shop/Orders/Order.cs`. The longest root namespace that leads to a file wins
 * (the importer's own project first among equal ones); a namespace no project's root starts, such
 * as `System.Linq`, is outside the repository.
 */
export function csharpResolver(paths: readonly RepoPath[], buildFiles: readonly BuildFile[]): (from: RepoPath, specifier: string) => RepoPath | null {
  const projects = dotnetProjects(buildFiles);
  const files = new Set<RepoPath>();
  const folders = new Map<RepoPath, RepoPath>();
  for (const path of [...paths].filter((p) => p.endsWith(".cs")).sort(byPath)) {
    files.add(path);
    const slash = path.lastIndexOf("/");
    const folder = slash < 0 ? "" : path.slice(0, slash);
    const first = folders.get(folder);
    if (first === undefined || (isTestPath(first) && !isTestPath(path))) folders.set(folder, path);
  }
  return (from, specifier) => {
    const name = specifier.replace(/<[\s\S]*$/, "");
    const matching = projects.filter((project) => name === project.rootNamespace || name.startsWith(`${project.rootNamespace}.`));
    const own = (dir: RepoPath): boolean => dir === "" || from.startsWith(`${dir}/`);
    const ordered = matching.map((project, i) => ({ project, i })).sort((a, b) => b.project.rootNamespace.length - a.project.rootNamespace.length || Number(own(b.project.dir)) - Number(own(a.project.dir)) || a.i - b.i);
    for (const { project } of ordered) {
      const rest = name.slice(project.rootNamespace.length).split(".").filter(Boolean);
      const target = [project.dir, ...rest].filter(Boolean).join("/");
      const inFolder = folders.get(target);
      if (inFolder !== undefined) return inFolder;
      if (rest.length > 0 && files.has(`${target}.cs`)) return `${target}.cs`;
    }
    return null;
  };
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
