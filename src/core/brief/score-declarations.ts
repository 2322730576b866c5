import type { RepoPath } from "../../model.js";

/** One declaration's evidence for a term, as the lexicon holds it. */
export interface DeclarationPosting {
  /** The file's number in the corpus (pathOf names it). */
  file: number;
  line: number;
  count: number;
  /** All of the declaration's term counts. */
  length: number;
}

export interface DeclarationCorpus {
  /** How many declarations the lexicon holds: the N of idf. */
  declarations: number;
  averageLength: number;
  postings(term: string): readonly DeclarationPosting[];
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
  // Keyed by file and line as one number: a string key per posting cost more than the scoring.
  const byDeclaration = new Map<number, { file: number; line: number; score: number; terms: string[] }>();
  const n = Math.max(1, corpus.declarations);
  const average = Math.max(1, corpus.averageLength);
  for (const term of new Set(terms)) {
    const postings = corpus.postings(term);
    const idf = Math.log(1 + (n - postings.length + 0.5) / (postings.length + 0.5));
    if (postings.length === 0 || idf < MIN_IDF) continue;
    for (const p of postings) {
      const key = p.file * LINES + p.line;
      let declaration = byDeclaration.get(key);
      if (!declaration) byDeclaration.set(key, (declaration = { file: p.file, line: p.line, score: 0, terms: [] }));
      declaration.score += (idf * p.count * (K1 + 1)) / (p.count + K1 * (1 - B + (B * p.length) / average));
      declaration.terms.push(term);
    }
  }
  const bestOf = new Map<number, DeclarationMatch>();
  for (const d of byDeclaration.values()) {
    const held = bestOf.get(d.file);
    // Ties go to the earlier declaration, whatever order the postings came in.
    if (!held || d.score > held.score || (d.score === held.score && d.line < held.line)) bestOf.set(d.file, { line: d.line, score: d.score, terms: d.terms });
  }
  const best = new Map<RepoPath, DeclarationMatch>();
  for (const [file, match] of bestOf) {
    const path = corpus.pathOf(file);
    if (path !== null) best.set(path, match);
  }
  return best;
}
