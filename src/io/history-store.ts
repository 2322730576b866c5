import { readFileSync } from "node:fs";
import { join } from "node:path";
import { termsOf } from "../core/brief/sub-words.js";
import type { PastCommit } from "../core/brief/score-history.js";
import { quotePath, unquotePath } from "../formats/quoted-path.js";
import { writeFileAtomic } from "./atomic-write.js";
import { gitHistory } from "./git.js";
import { CACHE_DIR } from "./index-store.js";

/**
 * .ai/.cache/history.tsv: what recent commits were about (their subjects' terms) and which files
 * they changed, for brief to route a task like an earlier one. Written by `ctx index` when HEAD
 * moved, read by brief as it is: a history one commit behind still points the same way.
 *
 * Line 1: `# ctx history v1 <HEAD>`; then one line per commit, newest first: its subject's terms
 * (space-separated), then its paths, each after a tab (quoted as in the index files when needed).
 */
const HISTORY_FILE = join(CACHE_DIR, "history.tsv");
const HEADER = "# ctx history v1 ";
/** Bounded in count and in time: old commits describe code that has moved on. */
const HISTORY_COMMITS = 2000;
/** Two years before HEAD's own commit (not before today: an old checkout has a history too). */
const HISTORY_SECONDS = 2 * 365 * 24 * 3600;
/** A commit that changed more files than this (a rename, a reformat, a bump) says little about where one task lives. */
const MAX_PATHS = 20;

/** Rewrites the history when HEAD is not the one it was written at. */
export async function refreshHistory(root: string, head: string | null): Promise<void> {
  if (head === null || storedHead(root) === head) return;
  // ctx's own files (the index the hook commits with every change) say nothing about where the work was.
  const log = await gitHistory(root, HISTORY_COMMITS);
  const since = (log[0]?.time ?? 0) - HISTORY_SECONDS;
  const commits = log
    .filter((commit) => commit.time >= since)
    .map((commit) => ({ ...commit, paths: commit.paths.filter((path) => !path.startsWith(".ai/")) }))
    .filter((commit) => commit.paths.length > 0 && commit.paths.length <= MAX_PATHS);
  const lines = commits.map((commit) => [[...new Set(termsOf(commit.subject))].join(" "), ...commit.paths.map(quotePath)].join("\t"));
  await writeFileAtomic(join(root, HISTORY_FILE), `${HEADER}${head}\n${lines.map((line) => `${line}\n`).join("")}`);
}

function storedHead(root: string): string | null {
  try {
    const text = readFileSync(join(root, HISTORY_FILE), "utf8");
    const first = text.slice(0, text.indexOf("\n"));
    return first.startsWith(HEADER) ? first.slice(HEADER.length) : null;
  } catch {
    return null;
  }
}

/** The stored history, or [] when there is none (a repository without commits, or before `ctx index`). */
export function readHistory(root: string): PastCommit[] {
  let text: string;
  try {
    text = readFileSync(join(root, HISTORY_FILE), "utf8");
  } catch {
    return [];
  }
  if (!text.startsWith(HEADER)) return [];
  const commits: PastCommit[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (i === 0 || line === "") continue;
    const [terms = "", ...paths] = line.split("\t");
    try {
      commits.push({ terms: terms === "" ? [] : terms.split(" "), paths: paths.map((path) => unquotePath(path, { file: HISTORY_FILE, line: i + 1 })) });
    } catch {
      // A damaged line is one commit less to learn from, never a failed brief.
    }
  }
  return commits;
}
