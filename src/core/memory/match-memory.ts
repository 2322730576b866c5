import { termsOf } from "../brief/sub-words.js";
import { errorSignature } from "./error-signature.js";

/**
 * Matching over layered memory. Memory is history, not code: nothing here is rejected as stale;
 * the caller marks the files a hit cites that changed since it was recorded.
 */

/** An error recorded in hot-cache.jsonl or incident-cache.jsonl, as read from its line. */
export interface CachedError {
  source: "hot" | "incident";
  /** Where the line is: `.ai/hot-cache.jsonl` and its 1-based line. */
  path: string;
  line: number;
  hash: string;
  signature: string;
  error: string;
  fix: string;
  cause: string | null;
  files: { path: string; sha256: string | null }[];
  /** When it was recorded as fixed (YYYY-MM-DD), and at which commit. */
  verified: string | null;
  commit: string | null;
  entry: string | null;
  keywords: string[];
}

export interface ErrorMatch {
  cached: CachedError;
  /** `exact`: the same signature; `similar`: the same but for what it quotes (see `differs`); `words`: shared words. */
  match: "exact" | "similar" | "words";
  /** 1 for an exact or similar signature; else the share of the cached signature's words the query has. */
  score: number;
  /** For a similar match, each quoted value that differs: `'x' recorded, 'y' here`. */
  differs: string[];
  /** The same entry in the other cache (an incident of a hot fix), merged into this hit. */
  alsoIn: CachedError | null;
}

const MATCH_ORDER: readonly ErrorMatch["match"][] = ["exact", "similar", "words"];

/** Below this share of a cached signature's words, a word match is noise. */
const MIN_COVERAGE = 0.6;
const MIN_SHARED = 2;

const wordTerms = (words: readonly string[]): Set<string> => new Set(termsOf(words.filter((w) => !w.startsWith("<")).join(" ")));

/** Cached errors matching `text`: exact signature first, then by words; one hit per entry (the hot line before the incident). */
export function matchErrors(text: string, cached: readonly CachedError[]): ErrorMatch[] {
  const query = errorSignature(text);
  const queryTerms = wordTerms(query.words);
  const matches: ErrorMatch[] = [];
  for (const item of cached) {
    // Read again from the recorded error, so entries written before a change of signature compare alike.
    const recorded = errorSignature(item.error);
    if (query.signature !== "" && (recorded.hash === query.hash || item.hash === query.hash)) {
      matches.push({ cached: item, match: "exact", score: 1, differs: [], alsoIn: null });
      continue;
    }
    if (query.signature !== "" && recorded.shape === query.shape) {
      const differs = [
        ...query.files.flatMap((file, i) => (file === recorded.files[i] ? [] : [`in ${recorded.files[i] ?? "?"} recorded, ${file} here`])),
        ...query.quoted.flatMap((value, i) => (value === recorded.quoted[i] ? [] : [`'${recorded.quoted[i] ?? ""}' recorded, '${value}' here`])),
      ];
      matches.push({ cached: item, match: "similar", score: 1, differs, alsoIn: null });
      continue;
    }
    const terms = wordTerms(item.signature.split(" "));
    const shared = [...terms].filter((t) => queryTerms.has(t)).length;
    const coverage = terms.size === 0 ? 0 : shared / terms.size;
    if (shared >= Math.min(MIN_SHARED, terms.size) && coverage >= MIN_COVERAGE) matches.push({ cached: item, match: "words", score: Math.round(coverage * 1000) / 1000, differs: [], alsoIn: null });
  }
  matches.sort(
    (a, b) =>
      MATCH_ORDER.indexOf(a.match) - MATCH_ORDER.indexOf(b.match) ||
      b.score - a.score ||
      (b.cached.verified ?? "").localeCompare(a.cached.verified ?? "") ||
      Number(a.cached.source === "incident") - Number(b.cached.source === "incident") ||
      a.cached.path.localeCompare(b.cached.path) ||
      a.cached.line - b.cached.line,
  );
  const byEntry = new Map<string, ErrorMatch>();
  const merged: ErrorMatch[] = [];
  for (const match of matches) {
    const key = match.cached.entry ? `${match.cached.entry}\0${match.cached.hash}` : null;
    const first = key ? byEntry.get(key) : undefined;
    if (first && first.cached.source !== match.cached.source) {
      first.alsoIn ??= match.cached;
      continue;
    }
    if (key) byEntry.set(key, match);
    merged.push(match);
  }
  return merged;
}

/** A searchable piece of memory with its terms. */
export interface MemoryItem<T> {
  item: T;
  text: string;
}

export interface MemoryMatch<T> {
  item: T;
  score: number;
  /** Query terms the item has. */
  matched: string[];
}

const K1 = 1.2;
const B = 0.75;

/** BM25 over a small collection: items sharing at least one query term, best first (ties keep the given order). */
export function rankMemory<T>(words: string, items: readonly MemoryItem<T>[]): MemoryMatch<T>[] {
  const query = [...new Set(termsOf(words))];
  const documents = items.map(({ text }) => {
    const counts = new Map<string, number>();
    const terms = termsOf(text);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    return { counts, length: terms.length };
  });
  const average = documents.reduce((sum, d) => sum + d.length, 0) / Math.max(1, documents.length);
  const frequency = new Map(query.map((term) => [term, documents.filter((d) => d.counts.has(term)).length]));
  const scored = items.map(({ item }, index) => {
    const document = documents[index]!;
    let score = 0;
    const matched: string[] = [];
    for (const term of query) {
      const count = document.counts.get(term) ?? 0;
      if (count === 0) continue;
      matched.push(term);
      const df = frequency.get(term) ?? 0;
      const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
      score += (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * document.length) / Math.max(1, average)));
    }
    return { item, score: Math.round(score * 1000) / 1000, matched, index };
  });
  return scored
    .filter((s) => s.matched.length > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item, score, matched }) => ({ item, score, matched }));
}
