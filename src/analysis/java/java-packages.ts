import type { WorkspacePackage } from "../../core/index/build-modules.js";
import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";
import { gradleIncludes } from "./gradle-includes.js";
import { pomFields } from "./pom-fields.js";

const POM = /(?:^|\/)pom\.xml$/;
const SETTINGS = /(?:^|\/)settings\.gradle(?:\.kts)?$/;

/**
 * Maven modules and Gradle projects in subfolders, as modules: a Maven module named by its
 * artifactId, reached from a top-level pom through `<modules>` (a pom.xml no build aggregates,
 * such as a test's sample project, is none); a Gradle project by its name, as settings.gradle
 * includes it. The root project is no module of its own (a single-module repository has none), and
 * two modules of one name are told apart by their folders.
 */
export function javaPackages(buildFiles: readonly BuildFile[]): WorkspacePackage[] {
  const found = [...mavenModules(buildFiles.filter((file) => POM.test(file.path))), ...gradleProjects(buildFiles.filter((file) => SETTINGS.test(file.path)))];
  const byDir = new Map<RepoPath, string>();
  for (const { dir, name } of found) if (dir !== "" && !byDir.has(dir)) byDir.set(dir, name);
  const count = new Map<string, number>();
  for (const name of byDir.values()) count.set(name, (count.get(name) ?? 0) + 1);
  return [...byDir].map(([dir, name]) => ({ name: count.get(name)! > 1 ? dir : name, dir, entryHints: [] }));
}

function mavenModules(poms: readonly BuildFile[]): { dir: RepoPath; name: string }[] {
  const byDir = new Map(poms.map((pom) => [folderOf(pom.path), pom.text]));
  const fieldsOf = new Map<RepoPath, ReturnType<typeof pomFields>>();
  const read = (dir: RepoPath): ReturnType<typeof pomFields> => {
    let fields = fieldsOf.get(dir);
    if (!fields) fieldsOf.set(dir, (fields = pomFields(byDir.get(dir) ?? "")));
    return fields;
  };
  // A top-level pom: none in a folder above it.
  const queue = [...byDir.keys()].filter((dir) => !ancestorsOf(dir).some((above) => byDir.has(above)));
  const reached = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const module of read(queue[i]!).modules) {
      const target = moduleDir(queue[i]!, module);
      if (target !== undefined && byDir.has(target) && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return queue.map((dir) => {
    const artifactId = read(dir).artifactId;
    return { dir, name: artifactId && !artifactId.includes("${") ? artifactId : baseName(dir) };
  });
}

function gradleProjects(settings: readonly BuildFile[]): { dir: RepoPath; name: string }[] {
  return settings.flatMap((file) => {
    const base = folderOf(file.path);
    return gradleIncludes(file.text).flatMap(({ path, dir }) => {
      const segments = path.split(":").filter((segment) => segment !== "");
      const target = joinPath(base, dir ?? segments.join("/"));
      return target === undefined || segments.length === 0 ? [] : [{ dir: target, name: segments[segments.length - 1]! }];
    });
  });
}

/** A `<module>` entry's folder: `core`, `../shared`, `core/pom.xml`; undefined when it leaves the repository. */
function moduleDir(pomDir: RepoPath, module: string): RepoPath | undefined {
  const relative = module.replace(/\\/g, "/").replace(/\/+$/, "");
  return joinPath(pomDir, /\.xml$/.test(relative) ? relative.slice(0, relative.lastIndexOf("/") + 1 || 0).replace(/\/$/, "") : relative);
}

/** `base` joined with a relative path, `.` and `..` resolved; undefined outside the repository or for an absolute path. */
function joinPath(base: RepoPath, relative: string): RepoPath | undefined {
  if (relative.startsWith("/") || /^[A-Za-z]:/.test(relative)) return undefined;
  const parts = base === "" ? [] : base.split("/");
  for (const segment of relative.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/");
}

function folderOf(path: RepoPath): RepoPath {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

function baseName(dir: RepoPath): string {
  return dir.slice(dir.lastIndexOf("/") + 1);
}

function ancestorsOf(dir: RepoPath): RepoPath[] {
  if (dir === "") return [];
  const parts = dir.split("/");
  return parts.map((_, i) => parts.slice(0, i).join("/"));
}
