import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RepoPath } from "../model.js";

/**
 * The files whose text holds each word as a whole identifier — what `rg -w` would find — read
 * synchronously one after another (many small files; see observeFile). For the identifiers a task
 * names that the index does not declare: a local, a parameter, a string key. Unreadable files are
 * passed over. Results per word in the order of `paths`.
 */
export function findMentions(root: string, paths: readonly RepoPath[], words: readonly string[]): Map<string, RepoPath[]> {
  const found = new Map<string, RepoPath[]>(words.map((word) => [word, []]));
  if (words.length === 0) return found;
  const patterns = words.map((word) => [word, new RegExp(`(?<![\\w$])${word.replace(/[$]/g, "\\$&")}(?![\\w$])`)] as const);
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(join(root, path), "latin1");
    } catch {
      continue;
    }
    for (const [word, pattern] of patterns) if (text.includes(word) && pattern.test(text)) found.get(word)!.push(path);
  }
  return found;
}
