/**
 * The template's placeholders are bracketed phrases (`[What this task achieves…]`). A bracketed
 * phrase counts as one when it stands alone — not a link (`[text](url)`, `[text][ref]`), not a
 * task box (`[ ]`, `[x]`), not part of a path or expression (`app/[id]/page.tsx`, `rows[i + 1]`) —
 * and has a space in it, so a tag like `[WIP]` is left alone.
 */
const BRACKETED = /\[[^[\]]*\s[^[\]]*\]/g;

export function findPlaceholders(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(BRACKETED)) {
    const before = text[match.index - 1] ?? " ";
    const after = text[match.index + match[0].length] ?? " ";
    if (/^\[[ xX]?\]$/.test(match[0]) || !/[A-Za-z]/.test(match[0])) continue;
    if (!/[\s`(*_"']/.test(before) || !/[\s`.,;:)*_"'!?]/.test(after) || /[([]/.test(after)) continue;
    if (after === ":" && /^\s*$/.test(text.slice(0, match.index))) continue; // a reference definition `[label]: url`
    found.push(match[0]);
  }
  return found;
}

/** `TODO`, `TBD` and `FIXME` as words: left-over decisions a builder cannot act on. */
export function findTodos(text: string): string[] {
  return text.match(/\b(?:TODO|TBD|FIXME)\b/g) ?? [];
}
