/** Longest signature the symbol index shows; longer ones end in `…`. */
export const SIGNATURE_MAX = 160;

/** A declaration's head on one line: whitespace collapsed, a trailing `{`, `=` or `;` dropped, cut at `max`. */
export function oneLine(text: string, max = SIGNATURE_MAX): string {
  const collapsed = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*[{=]>?\s*$/, (match) => (match.includes("=>") ? " =>" : ""))
    .replace(/\s*;$/, "")
    .trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}
