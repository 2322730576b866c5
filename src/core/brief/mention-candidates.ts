import type { RepoPath } from "../../model.js";
import type { DeclarationCorpus } from "./score-declarations.js";
import { identifierTerms } from "./sub-words.js";

/**
 * The files that can mention any of the identifiers: those whose lexicon holds every term of one.
 * Reading these instead of every file is what keeps a brief's cost off the repository's size. The
 * lexicon keeps a declaration's most frequent words only, so a name used once inside a huge
 * declaration can be missed: a ranking hint lost, never a wrong one (the files are still read).
 * Sorted by path.
 */
export function mentionCandidates(corpus: DeclarationCorpus, identifiers: readonly string[]): RepoPath[] {
  const found = new Set<RepoPath>();
  for (const identifier of identifiers) {
    const terms = [...new Set(identifierTerms(identifier))];
    if (terms.length === 0) continue;
    // Rarest term first: the intersection starts as small as it can be.
    const lists = terms.map((term) => corpus.postings(term)).sort((a, b) => a.size - b.size);
    let files: Set<number> | null = null;
    for (const list of lists) {
      const next = new Set<number>();
      for (let i = 0; i < list.size; i += 1) if (files === null || files.has(list.file[i]!)) next.add(list.file[i]!);
      files = next;
      if (files.size === 0) break;
    }
    for (const file of files ?? []) {
      const path = corpus.pathOf(file);
      if (path !== null) found.add(path);
    }
  }
  return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
