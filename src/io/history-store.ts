import { readFileSync } from "node:fs";
import { join } from "node:path";
import { termsOf } from "../core/brief/sub-words.js";
import type { PastCommit } from "../core/brief/score-history.js";
import { quotePath, unquotePath } from "../formats/quoted-path.js";
import { writeFileAtomic } from "./atomic-write.js";
import { gitHistory, gitIsAncestor } from "./git.js";
import { CACHE_DIR } from "./index-store.js";

/**
 * .ai/.cache/history.tsv: what recent commits were about (their subjects' terms) and which files
 * they changed, for brief to route a task like an earlier one. Written by `ctx index` when HEAD
 * moved, read by brief as it is: a history one commit behind still points the same way.
 *
 * Line 1: `# ctx history v2 <HEAD>`; then one line per commit, newest first: its committer time,
 * its subject's terms (space-separated), then its paths, each after a tab (quoted as in the index
 * files when needed).
 */
const HISTORY_FILE = join(CACHE_DIR, "history.tsv");
const HEADER = "# ctx history v2 ";
/** Bounded in count and in time: old commits describe code that has moved on. */
const HISTORY_COMMITS = 2000;
/** Two years before HEAD's own commit (not before today: an old checkout has a history too). */
const HISTORY_SECONDS = 2 * 365 * 24 * 3600;
/** A commit that changed more files than this (a rename, a reformat, a bump) says little about where one task lives. */
const MAX_PATHS = 20;

/**
 * Brings the history to HEAD when it was written at another commit: a HEAD that descends from it
 * (the usual case: a commit or a pull since) only adds the new commits; anything else (a rebase,
 * a switch to another branch) rewrites it.
 */
export async function refreshHistory(root: string, head: string | null): Promise<void> {
  const stored = storedHead(root);
  if (head === null || stored === head) return;
  const grows = stored !== null && (await gitIsAncestor(root, stored));
  const fresh = (await gitHistory(root, HISTORY_COMMITS, grows ? stored : undefined)).map((commit) => ({
    time: commit.time,
    terms: [...new Set(termsOf(commit.subject))],
    // ctx's own files (the index the hook commits with every change) say nothing about where the work was.
    paths: commit.paths.filter((path) => !path.startsWith(".ai/")),
  }));
  const kept = grows ? readHistory(root) : [];
  const all = [...fresh.filter((commit) => commit.paths.length > 0 && commit.paths.length <= MAX_PATHS), ...kept];
  const since = (fresh[0]?.time ?? all[0]?.time ?? 0) - HISTORY_SECONDS;
  const lines = all
    .filter((commit) => commit.time >= since)
    .slice(0, HISTORY_COMMITS)
    .map((commit) => `${[String(commit.time), commit.terms.join(" "), ...commit.paths.map(quotePath)].join("\t")}\n`);
  await writeFileAtomic(join(root, HISTORY_FILE), `${HEADER}${head}\n${lines.join("")}`);
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
export function readHistory(root: string): (PastCommit & { time: number })[] {
  let text: string;
  try {
    text = readFileSync(join(root, HISTORY_FILE), "utf8");
  } catch {
    return [];
  }
  if (!text.startsWith(HEADER)) return [];
  const commits: (PastCommit & { time: number })[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (i === 0 || line === "") continue;
    const [time = "0", terms = "", ...paths] = line.split("\t");
    try {
      commits.push({ time: Number(time), terms: terms === "" ? [] : terms.split(" "), paths: paths.map((path) => (path.startsWith('"') ? unquotePath(path, { file: HISTORY_FILE, line: i + 1 }) : path)) });
    } catch {
      // A damaged line is one commit less to learn from, never a failed brief.
    }
  }
  return commits;
}
