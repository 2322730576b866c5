import type { PostingList } from "../../formats/lexicon.js";
import type { RepoPath } from "../../model.js";

export interface DeclarationCorpus {
  /** How many declarations the lexicon holds: the N of idf. */
  declarations: number;
  averageLength: number;
  /** The declarations that hold a term, with the term's count and their length. */
  postings(term: string): PostingList;
  /** The path of a file number; null for one the corpus cannot name. */
  pathOf(file: number): RepoPath | null;
}

/** A file's best declaration for the task, and its BM25 score. */
export interface DeclarationMatch {
  line: number;
  score: number;
  /** The task terms it holds. */
  terms: string[];
}

/** More lines than any file has: file × LINES + line is one number per declaration. */
const LINES = 2 ** 24;
const K1 = 1.2;
const B = 0.75;
/** The least idf a term needs to count (as for files): 0.1 leaves out a term in more than ~90% of declarations. */
const MIN_IDF = 0.1;

/**
 * BM25 over declarations (each one's identifiers, strings, comments, and its name twice more), each
 * file scored by its best declaration: a task is usually about one function, and a long file full
 * of unrelated ones should not win on their sum.
 */
export function scoreDeclarations(terms: readonly string[], corpus: DeclarationCorpus): Map<RepoPath, DeclarationMatch> {
  // Keyed by file and line as one number; which terms a declaration holds is a bit per term.
  const scores = new Map<number, number>();
  const held = new Map<number, number>();
  const unique = [...new Set(terms)];
  const n = Math.max(1, corpus.declarations);
  const average = Math.max(1, corpus.averageLength);
  for (const [t, term] of unique.entries()) {
    const postings = corpus.postings(term);
    const idf = Math.log(1 + (n - postings.size + 0.5) / (postings.size + 0.5));
    if (postings.size === 0 || idf < MIN_IDF) continue;
    const bit = t < 31 ? 1 << t : 0;
    for (let i = 0; i < postings.size; i += 1) {
      const count = postings.count[i]!;
      const key = postings.file[i]! * LINES + postings.line[i]!;
      scores.set(key, (scores.get(key) ?? 0) + (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * postings.length[i]!) / average)));
      held.set(key, (held.get(key) ?? 0) | bit);
    }
  }
  const bestOf = new Map<number, { line: number; score: number; key: number }>();
  for (const [key, score] of scores) {
    const file = Math.floor(key / LINES);
    const line = key - file * LINES;
    const current = bestOf.get(file);
    // Ties go to the earlier declaration, whatever order the postings came in.
    if (!current || score > current.score || (score === current.score && line < current.line)) bestOf.set(file, { line, score, key });
  }
  const best = new Map<RepoPath, DeclarationMatch>();
  for (const [file, match] of bestOf) {
    const path = corpus.pathOf(file);
    const mask = held.get(match.key) ?? 0;
    if (path !== null) best.set(path, { line: match.line, score: match.score, terms: unique.filter((_, t) => t < 31 && (mask & (1 << t)) !== 0) });
  }
  return best;
}
