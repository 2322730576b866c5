import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

export type PathState = { status: "file"; lines: number } | { status: "directory" | "missing" | "outside" };

const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/** Lines in a file; a final newline does not start another. */
function countLines(path: string): number {
  const bytes = readFileSync(path);
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? lines + 1 : lines;
}

/**
 * What each path names, resolved from the repository root: a file (with its line count), a
 * directory, nothing, or something outside the repository — by its text (`../x`, `/etc/x`) or
 * through a symbolic link.
 */
export function inspectPaths(root: string, paths: Iterable<string>): Map<string, PathState> {
  const realRoot = realpathSync(root);
  const states = new Map<string, PathState>();
  for (const path of new Set(paths)) {
    const absolute = resolve(root, path);
    if (!isInside(root, absolute)) {
      states.set(path, { status: "outside" });
      continue;
    }
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      states.set(path, { status: "missing" });
      continue;
    }
    if (!isInside(realRoot, real)) states.set(path, { status: "outside" });
    else if (statSync(real).isDirectory()) states.set(path, { status: "directory" });
    else states.set(path, { status: "file", lines: countLines(real) });
  }
  return states;
}
