import type { RepoPath } from "../model.js";

/** A go.mod in the repository: where it is and the module path it declares. */
export interface GoModule {
  /** The folder holding go.mod, repo-relative ("" at the root). */
  dir: RepoPath;
  /** The module path it declares. */
  path: string;
}

/** The module path a go.mod declares (`module github.com/acme/app`), or undefined when it declares none. */
export function parseGoModulePath(text: string): string | undefined {
  for (const line of text.split("\n")) {
    const match = /^\s*module\s+("?)([^\s"/][^\s"]*)\1\s*(?:\/\/.*)?$/.exec(line);
    if (match) return match[2];
  }
  return undefined;
}
