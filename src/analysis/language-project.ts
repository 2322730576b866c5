import type { WorkspacePackage } from "../core/index/build-modules.js";
import type { RepoPath } from "../model.js";

/** A build file's text as the repository holds it: pom.xml, a .csproj, Cargo.toml, composer.json, a gemspec. */
export interface BuildFile {
  path: RepoPath;
  text: string;
}

/**
 * What a language's build files decide: where its imports lead and which modules the repository
 * has. Pure: the index run reads the files `buildFile` names (io/read-build-files.ts) and hands
 * their text over; a language folder under analysis/ exports one.
 */
export interface LanguageProject {
  /** The build files this language reads, by path (`pom.xml`, `Cargo.toml`, `*.csproj`). */
  buildFile: RegExp;
  /** The repository's projects of this language as modules (Maven modules, workspace crates); none when it has one or none. */
  packages(buildFiles: readonly BuildFile[], paths: readonly RepoPath[]): WorkspacePackage[];
  /** For every indexed path, where an import a file of this language writes leads: an indexed file, or null (outside the repository). */
  resolver(paths: readonly RepoPath[], buildFiles: readonly BuildFile[]): (from: RepoPath, specifier: string) => RepoPath | null;
}
