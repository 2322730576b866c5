import { headLine, type Declaration } from "./declaration-lines.js";

/** One line of an outline: a declaration under its container, with its first line of code. */
export interface OutlineEntry {
  /** How many declarations hold this one. */
  depth: number;
  /** Unqualified: the container is the entry above it at depth − 1. */
  name: string;
  kind: string;
  line: number;
  endLine: number;
  exported: boolean;
  head: string;
}

/** Signature lines are cut here: an outline is for finding, `ctx show` for reading. */
export const HEAD_WIDTH = 100;

/** A file's declarations in line order, each nested under those whose lines hold it. */
export function outlineEntries(declarations: readonly Declaration[], lines: readonly string[]): OutlineEntry[] {
  const sorted = [...declarations].sort((a, b) => a.line - b.line || b.endLine - a.endLine || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const open: Declaration[] = [];
  return sorted.map((declaration) => {
    while (open.length > 0 && open[open.length - 1]!.endLine < declaration.line) open.pop();
    const depth = open.length;
    open.push(declaration);
    return {
      depth,
      name: declaration.name.slice(declaration.name.lastIndexOf(".") + 1),
      kind: declaration.kind,
      line: declaration.line,
      endLine: declaration.endLine,
      exported: declaration.exported,
      head: headLine(lines, declaration, HEAD_WIDTH),
    };
  });
}
