const MAX_SUGGESTIONS = 5;

/**
 * "Did you mean" names for a query that matched nothing exactly: same name in another case, then
 * names that start with or contain the query, then names within a small edit distance. Never hits.
 */
export function suggestNames(query: string, names: Iterable<string>): string[] {
  const lower = query.toLowerCase();
  const maxDistance = Math.max(1, Math.floor(query.length / 4));
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    if (name === query) continue;
    const candidate = name.toLowerCase();
    let score: number | undefined;
    if (candidate === lower) score = 0;
    else if (candidate.startsWith(lower)) score = 1 + (candidate.length - lower.length) / 1000;
    else if (lower.length >= 3 && candidate.includes(lower)) score = 2 + (candidate.length - lower.length) / 1000;
    else if (Math.abs(candidate.length - lower.length) <= maxDistance) {
      const distance = editDistance(lower, candidate, maxDistance);
      if (distance <= maxDistance) score = 3 + distance;
    }
    if (score !== undefined) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [...new Set(scored.map((s) => s.name))].slice(0, MAX_SUGGESTIONS);
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
