// What `ctx traverse … --exact` reads the repository through: the checker's files, and where a
// workspace package's specifier has its sources (as the linker resolves it).
import fs from "node:fs";
import type { CheckerFiles } from "../analysis/check-call-sites.js";
import { createModuleResolver, resolveSpecifier } from "../core/calls/resolve-specifier.js";
import type { RepoPath } from "../model.js";
import { discoverWorkspacePackages } from "./workspace.js";

export const checkerFiles: CheckerFiles = {
  readFile: (path) => {
    try {
      return fs.readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  fileExists: (path) => {
    try {
      return fs.statSync(path).isFile();
    } catch {
      return false;
    }
  },
  directoryExists: (path) => {
    try {
      return fs.statSync(path).isDirectory();
    } catch {
      return false;
    }
  },
  getDirectories: (path) => {
    try {
      return fs.readdirSync(path, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    } catch {
      return [];
    }
  },
  realpath: (path) => {
    try {
      return fs.realpathSync(path);
    } catch {
      return path;
    }
  },
};

/** Resolves a package specifier to the sources of a workspace package among the indexed files, or null. */
export async function workspaceSources(root: string, indexed: ReadonlySet<RepoPath>): Promise<(from: RepoPath, specifier: string) => RepoPath | null> {
  const packages = await discoverWorkspacePackages(root);
  if (packages.length === 0) return () => null;
  const resolver = createModuleResolver(indexed, packages, []);
  return (from, specifier) => resolveSpecifier(resolver, from, specifier);
}
