import type { WorkspacePackage } from "../../core/index/build-modules.js";
import type { BuildFile } from "../language-project.js";
import { dotnetProjects, type DotnetProject } from "./dotnet-projects.js";

/**
 * Each .csproj in a subfolder as a module named by its assembly, in folder order; none when the
 * repository is one project at its root. A folder with several projects is one module, named by
 * the project named after the folder (`src/Acme.Billing/Acme.Billing.csproj`), else the first.
 */
export function csharpPackages(buildFiles: readonly BuildFile[]): WorkspacePackage[] {
  const projects = dotnetProjects(buildFiles);
  if (projects.length === 1 && projects[0]!.dir === "") return [];
  const byFolder = new Map<string, DotnetProject>();
  for (const project of [...projects].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (project.dir === "") continue;
    const chosen = byFolder.get(project.dir);
    if (!chosen || (!namedAfterFolder(chosen) && namedAfterFolder(project))) byFolder.set(project.dir, project);
  }
  return [...byFolder.values()].sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0)).map((project) => ({ name: project.assemblyName, dir: project.dir, entryHints: [] }));
}

function namedAfterFolder(project: DotnetProject): boolean {
  return project.path === `${project.dir}/${project.dir.slice(project.dir.lastIndexOf("/") + 1)}.csproj`;
}
