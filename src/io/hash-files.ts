import type { RepoPath } from "../model.js";
import { hashFile } from "./read-source.js";

/** Current SHA-256 of each path (null when missing or unreadable), read in parallel. */
export async function hashFiles(root: string, paths: Iterable<RepoPath>): Promise<Map<RepoPath, string | null>> {
  const unique = [...new Set(paths)];
  const hashes = await Promise.all(unique.map((path) => hashFile(root, path)));
  return new Map(unique.map((path, i) => [path, hashes[i]!]));
}
