import type { RepoPath } from "../model.js";
import { hashFile } from "./read-source.js";

/** Current SHA-256 of each path (null when missing or unreadable). */
export function hashFiles(root: string, paths: Iterable<RepoPath>): Map<RepoPath, string | null> {
  return new Map([...new Set(paths)].map((path) => [path, hashFile(root, path)]));
}
