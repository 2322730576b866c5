import { identifierTerms } from "../core/brief/sub-words.js";
import type { DeclarationWords, SymbolRecord } from "../model.js";

/** A generated file can hold a hundred thousand words: a declaration keeps its most frequent ones. */
const MAX_TERMS = 200;
const NAME_BOOST = 2;

/**
 * Collects the words of one file by declaration, whatever parsed it: each word goes to the
 * innermost declaration whose lines hold it; a comment ending on the line above a declaration, to
 * that declaration (doc comments lie outside a declaration's lines). `finish` adds each
 * declaration's own name, which counts twice more: a declaration is about its name most of all.
 */
export class DeclarationWordsBuilder {
  private readonly owner: number[];
  private readonly starts: Set<number>;
  private readonly byLine = new Map<number, Map<string, number>>();

  constructor(
    lineCount: number,
    private readonly symbols: readonly SymbolRecord[],
  ) {
    this.owner = new Array<number>(lineCount + 2).fill(0);
    this.starts = new Set(symbols.map((symbol) => symbol.line));
    // Outer before inner: a declaration starting later, or as early but ending sooner, is nested.
    const ordered = [...symbols].sort((a, b) => a.line - b.line || b.endLine - a.endLine);
    for (const symbol of ordered) for (let line = symbol.line; line <= symbol.endLine && line < this.owner.length; line++) this.owner[line] = symbol.line;
  }

  /** Words found on 1-based `line`. */
  credit(line: number, terms: readonly string[]): void {
    this.add(this.owner[line] ?? 0, terms);
  }

  /** A comment's words: the declaration right below it owns them, else whatever holds its first line. */
  creditComment(firstLine: number, lastLine: number, terms: readonly string[]): void {
    this.add(this.starts.has(lastLine + 1) ? lastLine + 1 : (this.owner[firstLine] ?? 0), terms);
  }

  finish(): DeclarationWords[] {
    for (const symbol of this.symbols) this.add(symbol.line, identifierTerms(symbol.name), NAME_BOOST);
    return [...this.byLine].sort(([a], [b]) => a - b).map(([line, counts]) => ({ line, terms: mostFrequent(counts) }));
  }

  private add(line: number, terms: readonly string[], weight = 1): void {
    if (terms.length === 0) return;
    let counts = this.byLine.get(line);
    if (!counts) this.byLine.set(line, (counts = new Map()));
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + weight);
  }
}

function mostFrequent(counts: Map<string, number>): Map<string, number> {
  const entries = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(entries.slice(0, MAX_TERMS).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
