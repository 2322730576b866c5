import { estimateTokens } from "../brief/estimate-tokens.js";

const tokensOf = (value: unknown): number => estimateTokens(JSON.stringify(value));

/**
 * The page of `items` from `offset` that fits in `budget` tokens beside `envelope` (the rest of the
 * result): at least one item when there is one, so a small budget still makes progress. `more` is
 * how many are left after the page, counting `total` (items the lookup knows of but did not fetch).
 * `shown` is what an item adds to the page as rendered (after the one before it, at number `n`): by default, itself.
 */
export function pageToBudget<T>(
  items: readonly T[],
  offset: number,
  budget: number,
  envelope: unknown,
  total = items.length,
  shown: (item: T, previous: T | undefined, n: number) => unknown = (item) => item,
): { page: T[]; more: number; cursor: string | null } {
  let used = tokensOf(envelope);
  const page: T[] = [];
  for (const [i, item] of items.slice(offset).entries()) {
    const cost = tokensOf(shown(item, page[page.length - 1], offset + i)) + 1;
    if (page.length > 0 && used + cost > budget) break;
    page.push(item);
    used += cost;
  }
  const more = Math.max(0, total - offset - page.length);
  return { page, more, cursor: more > 0 ? String(offset + page.length) : null };
}

/**
 * An object cut to `budget` tokens by dropping the last items of its longest lists first; says how
 * many each list lost, so a reader knows what is missing (`omitted: { files: 7 }`).
 */
export function fitLists<T extends Record<string, unknown>>(value: T, budget: number): { value: T; omitted: Record<string, number> } {
  const copy: Record<string, unknown> = { ...value };
  const omitted: Record<string, number> = {};
  const lists = Object.keys(copy).filter((key) => Array.isArray(copy[key]));
  while (tokensOf(copy) > budget) {
    const longest = lists.filter((key) => (copy[key] as unknown[]).length > 0).sort((a, b) => tokensOf(copy[b]) - tokensOf(copy[a]))[0];
    if (longest === undefined) break;
    copy[longest] = (copy[longest] as unknown[]).slice(0, -1);
    omitted[longest] = (omitted[longest] ?? 0) + 1;
  }
  return { value: copy as T, omitted };
}
