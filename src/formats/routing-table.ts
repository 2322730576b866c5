import type { RoutingSymbol } from "../core/brief/routing-terms.js";
import type { RepoPath } from "../model.js";

/**
 * routing.tsv, a derived table in the lookup cache that `ctx brief` ranks files from: one line per
 * indexed file, tab-separated — path, module, test flag, the sum of its term weights, its terms
 * (`term:weight`, by term; weight 1 unwritten), its symbols (`name@line@kind@e|i` in line order),
 * then the files its resolved calls land in. A brief reads every line but parses a file's terms
 * and symbols only as far as it needs them, so the table is kept as text per entry.
 */
export interface RoutingEntry {
  path: RepoPath;
  module: string;
  isTest: boolean;
  /** Sum of the term weights: the document length BM25 normalises by. */
  length: number;
  /** The terms field as written; read it with termWeight. */
  terms: string;
  /** The symbols field as written; read it with routingSymbolsOf. */
  symbols: string;
  targets: RepoPath[];
}

/** The part of a line that depends on the file's content only (cached per file by `ctx index`). */
export function renderRoutingFields(terms: ReadonlyMap<string, number>, symbols: readonly RoutingSymbol[]): string {
  let length = 0;
  for (const weight of terms.values()) length += weight;
  const termText = [...terms]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([term, weight]) => (weight === 1 ? term : `${term}:${weight}`))
    .join(" ");
  const symbolText = symbols.map((s) => `${s.name}@${s.line}@${s.kind}@${s.exported ? "e" : "i"}`).join(" ");
  return `${length}\t${termText}\t${symbolText}`;
}

export function renderRoutingLine(path: RepoPath, module: string, isTest: boolean, fields: string, targets: readonly RepoPath[]): string {
  return `${[path, module, isTest ? "t" : "-", fields, ...targets].join("\t")}\n`;
}

/** The weight of `term` in an entry (0 when absent), found in the text without parsing the rest. */
export function termWeight(entry: Pick<RoutingEntry, "terms">, term: string): number {
  const text = entry.terms;
  let at = text.indexOf(term);
  while (at >= 0) {
    const end = at + term.length;
    if ((at === 0 || text.charCodeAt(at - 1) === 32) && (end === text.length || text.charCodeAt(end) === 32 || text.charCodeAt(end) === 58)) {
      if (text.charCodeAt(end) !== 58) return 1;
      const space = text.indexOf(" ", end);
      return Number(text.slice(end + 1, space < 0 ? text.length : space));
    }
    at = text.indexOf(term, at + 1);
  }
  return 0;
}

export function routingSymbolsOf(entry: Pick<RoutingEntry, "symbols">): RoutingSymbol[] {
  if (entry.symbols === "") return [];
  return entry.symbols.split(" ").map((item) => {
    const [name = "", line = "0", kind = "", exported = "i"] = item.split("@");
    return { name, line: Number(line), kind, exported: exported === "e" };
  });
}

/** Lines that do not have the six fixed fields are skipped: the table is derived, never the source of truth. */
export function parseRoutingTable(text: string): RoutingEntry[] {
  const entries: RoutingEntry[] = [];
  for (const line of text.split("\n")) {
    const fields = line.split("\t");
    if (fields.length < 6) continue;
    const [path, module, test, length, terms, symbols, ...targets] = fields as [string, string, string, string, string, string, ...string[]];
    entries.push({ path, module, isTest: test === "t", length: Number(length), terms, symbols, targets });
  }
  return entries;
}
