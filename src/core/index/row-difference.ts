/**
 * The rows (newline-terminated lines) of `before` that `after` lacks, and those it adds: what an
 * edit changed in a file's rendered rows. Rows a file keeps need no rewrite anywhere they are copied.
 */
export function rowDifference(before: string, after: string): { removed: string[]; added: string[] } {
  const rowsOf = (text: string): string[] => text.split("\n").filter((row) => row !== "").map((row) => `${row}\n`);
  const old = rowsOf(before);
  const now = rowsOf(after);
  const had = new Set(old);
  const has = new Set(now);
  return { removed: old.filter((row) => !has.has(row)), added: now.filter((row) => !had.has(row)) };
}
