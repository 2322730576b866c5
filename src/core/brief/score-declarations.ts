import type { PostingList } from "../../formats/lexicon.js";
import type { RepoPath } from "../../model.js";

export interface DeclarationCorpus {
  /** How many declarations the lexicon holds: the N of idf. */
  declarations: number;
  averageLength: number;
  /** The declarations that hold a term, with the term's count and their length, in (file, line) order. */
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
  const unique = [...new Set(terms)];
  const n = Math.max(1, corpus.declarations);
  const average = Math.max(1, corpus.averageLength);
  const lists: { list: PostingList; idf: number; bit: number; at: number }[] = [];
  for (const [t, term] of unique.entries()) {
    const list = corpus.postings(term);
    const idf = Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5));
    if (list.size > 0 && idf >= MIN_IDF) lists.push({ list, idf, bit: t < 31 ? 1 << t : 0, at: 0 });
  }
  // Every list is in (file, line) order: a merge of the few lists visits each declaration once, in
  // order, so a file's best is known when the merge leaves it — no table of every declaration.
  const best = new Map<RepoPath, DeclarationMatch>();
  let file = -1;
  let top = { line: 0, score: 0, mask: 0 };
  const settle = (): void => {
    const path = file < 0 ? null : corpus.pathOf(file);
    if (path !== null) best.set(path, { line: top.line, score: top.score, terms: unique.filter((_, t) => t < 31 && (top.mask & (1 << t)) !== 0) });
  };
  for (;;) {
    let next = Infinity;
    for (const head of lists) if (head.at < head.list.size) next = Math.min(next, head.list.file[head.at]! * LINES + head.list.line[head.at]!);
    if (next === Infinity) break;
    let score = 0;
    let mask = 0;
    for (const head of lists) {
      const { list } = head;
      if (head.at >= list.size || list.file[head.at]! * LINES + list.line[head.at]! !== next) continue;
      const count = list.count[head.at]!;
      score += (head.idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * list.length[head.at]!) / average));
      mask |= head.bit;
      head.at += 1;
    }
    const at = Math.floor(next / LINES);
    if (at !== file) {
      settle();
      file = at;
      top = { line: next - at * LINES, score, mask };
    } else if (score > top.score) top = { line: next - at * LINES, score, mask };
  }
  settle();
  return best;
}
