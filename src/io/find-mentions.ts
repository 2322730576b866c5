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
  const patterns = words.map((word) => [word, wordPattern(word)] as const);
  for (const path of paths) {
    const text = readOrSkip(root, path, "latin1");
    if (text === undefined) continue;
    for (const [word, pattern] of patterns) if (text.includes(word) && pattern.test(text)) found.get(word)!.push(path);
  }
  return found;
}

/** `word` as a whole identifier, as `rg -w` matches it (`$` is a word character in code). */
function wordPattern(word: string, flags = ""): RegExp {
  return new RegExp(`(?<![\\w$])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`, flags);
}

/**
 * The lines (1-based) of each file where `word` appears as a whole identifier — every line
 * `rg -n -w` would print — for the files that have any. Unreadable files are passed over.
 */
export function findMentionLines(root: string, paths: readonly RepoPath[], word: string): Map<RepoPath, { text: string; lines: number[] }> {
  const found = new Map<RepoPath, { text: string; lines: number[] }>();
  const pattern = wordPattern(word, "g");
  for (const path of paths) {
    const text = readOrSkip(root, path, "utf8");
    if (text === undefined || !text.includes(word)) continue;
    const lines = new Set<number>();
    let line = 1;
    let counted = 0;
    for (const match of text.matchAll(pattern)) {
      for (let at = text.indexOf("\n", counted); at !== -1 && at < match.index; at = text.indexOf("\n", at + 1)) line += 1;
      counted = match.index;
      lines.add(line);
    }
    if (lines.size > 0) found.set(path, { text, lines: [...lines] });
  }
  return found;
}

/** A file's text, or undefined when it cannot be read (gone since indexing, a directory, no permission). */
function readOrSkip(root: string, path: RepoPath, encoding: BufferEncoding): string | undefined {
  try {
    return readFileSync(join(root, path), encoding);
  } catch {
    return undefined;
  }
}
