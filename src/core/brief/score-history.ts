import type { RepoPath } from "../../model.js";

/** An earlier commit: its subject's terms and the paths it changed. */
export interface PastCommit {
  terms: readonly string[];
  paths: readonly RepoPath[];
}

const K1 = 1.2;
const B = 0.75;
/** How many of the most similar commits vote. */
const SIMILAR = 15;

/**
 * Where earlier work like this task happened: BM25 of the task's terms over commit subjects, and
 * each file scored by the similarity of the (at most SIMILAR) best-matching commits that changed it.
 */
export function scoreHistory(terms: readonly string[], commits: readonly PastCommit[]): Map<RepoPath, number> {
  const scores = new Map<RepoPath, number>();
  if (terms.length === 0 || commits.length === 0) return scores;
  const wanted = new Set(terms);
  const df = new Map<string, number>();
  let total = 0;
  for (const commit of commits) {
    total += commit.terms.length;
    for (const term of new Set(commit.terms)) if (wanted.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
  }
  const n = commits.length;
  const average = Math.max(1, total / n);
  const similar: { at: number; score: number }[] = [];
  for (const [at, commit] of commits.entries()) {
    let score = 0;
    for (const term of wanted) {
      const tf = commit.terms.filter((t) => t === term).length;
      if (tf === 0) continue;
      const idf = Math.log(1 + (n - df.get(term)! + 0.5) / (df.get(term)! + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * commit.terms.length) / average));
    }
    if (score > 0) similar.push({ at, score });
  }
  // Best first; equal scores: the newer commit (lower index) first.
  similar.sort((a, b) => b.score - a.score || a.at - b.at);
  for (const { at, score } of similar.slice(0, SIMILAR)) for (const path of commits[at]!.paths) scores.set(path, (scores.get(path) ?? 0) + score);
  return scores;
}
