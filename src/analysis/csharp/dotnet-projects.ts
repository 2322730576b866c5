import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";
import { msbuildProperty } from "./msbuild-property.js";

/** A .csproj as its imports and modules need it. */
export interface DotnetProject {
  path: RepoPath;
  /** Its folder, repo-relative ("" at the root). */
  dir: RepoPath;
  assemblyName: string;
  /** The namespace its folders extend: `Acme.Shop` for `src/Acme.Shop/`, whose `Orders/` holds `Acme.Shop.Orders`. */
  rootNamespace: string;
}

const CSPROJ = /(?:^|\/)([^/]+)\.csproj$/;
const PROPS = /(?:^|\/)Directory\.Build\.props$/;

/**
 * Every .csproj with its assembly name and root namespace as the .NET SDK sets them: its own
 * `<AssemblyName>` and `<RootNamespace>`, else those of the nearest Directory.Build.props at or
 * above its folder (which MSBuild imports first), else the file's stem for the assembly and the
 * assembly name for the namespace. `$(MSBuildProjectName)` and `$(AssemblyName)` are expanded; a value
 * with any other `$(…)` is not known here and left out.
 */
export function dotnetProjects(buildFiles: readonly BuildFile[]): DotnetProject[] {
  const props = new Map<string, string>();
  for (const file of buildFiles) if (PROPS.test(file.path)) props.set(folderOf(file.path), file.text);
  const projects: DotnetProject[] = [];
  for (const file of buildFiles) {
    const stem = CSPROJ.exec(file.path)?.[1];
    if (!stem) continue;
    const dir = folderOf(file.path);
    const inherited = nearestProps(props, dir);
    const read = (name: string): string | undefined => msbuildProperty(file.text, name) ?? (inherited === undefined ? undefined : msbuildProperty(inherited, name));
    const assemblyName = expand(read("AssemblyName"), stem, stem) ?? stem;
    const rootNamespace = expand(read("RootNamespace"), stem, assemblyName) ?? assemblyName;
    projects.push({ path: file.path, dir, assemblyName, rootNamespace });
  }
  return projects;
}

function folderOf(path: RepoPath): RepoPath {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

function nearestProps(props: ReadonlyMap<string, string>, dir: RepoPath): string | undefined {
  for (let at: string | undefined = dir; at !== undefined; at = at === "" ? undefined : folderOf(at)) {
    const text = props.get(at);
    if (text !== undefined) return text;
  }
  return undefined;
}

function expand(value: string | undefined, projectName: string, assemblyName: string): string | undefined {
  if (value === undefined) return undefined;
  const expanded = value.replace(/\$\(\s*MSBuildProjectName\s*\)/g, projectName).replace(/\$\(\s*AssemblyName\s*\)/g, assemblyName);
  return expanded.includes("$(") || expanded === "" ? undefined : expanded;
}
