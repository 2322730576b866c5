import type { RoutingSymbol } from "../core/brief/routing-terms.js";
import type { RepoPath } from "../model.js";

/**
 * routing.tsv and routing-symbols.txt, derived tables in the lookup cache that `ctx brief` ranks
 * files from. routing.tsv has one tab-separated line per indexed file, in path order: path,
 * module, test flag (`t` or `-`), the sum of its term weights, its terms (`term:weight` sorted by
 * term; a weight of 1 unwritten), where its symbols are in routing-symbols.txt (byte offset and
 * length), and the line numbers (0-based) of the files its resolved calls land in, comma-separated.
 * A file's symbols (`name@line@kind@e|i` in line order) are read only for the files a brief shows.
 */
export interface RoutingEntry {
  path: RepoPath;
  module: string;
  isTest: boolean;
  /** Sum of the term weights: the document length BM25 normalises by. */
  length: number;
  /** The terms field as written; read it with termWeight. */
  terms: string;
  /** Byte offset and length of its symbols field in routing-symbols.txt. */
  symbolsAt: [number, number];
  /** Indexes of the entries its resolved calls land in. */
  targets: number[];
}

/** What `ctx index` keeps per file to write its line. */
export interface RoutingRow {
  path: RepoPath;
  module: string;
  isTest: boolean;
  /** renderRoutingFields' output for the file. */
  fields: string;
  targets: readonly RepoPath[];
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

/** Both files' text, from rows in path order. */
export function renderRoutingTable(rows: readonly RoutingRow[]): { table: string; symbols: string } {
  const place = new Map(rows.map((row, i) => [row.path, i]));
  const lines: string[] = [];
  const symbols: string[] = [];
  let offset = 0;
  for (const row of rows) {
    const [length = "0", terms = "", symbolText = ""] = row.fields.split("\t");
    const bytes = Buffer.byteLength(symbolText);
    symbols.push(`${symbolText}\n`);
    const targets = row.targets.flatMap((path) => place.get(path) ?? []).sort((a, b) => a - b);
    lines.push(`${row.path}\t${row.module}\t${row.isTest ? "t" : "-"}\t${length}\t${terms}\t${offset}\t${bytes}\t${targets.join(",")}\n`);
    offset += bytes + 1;
  }
  return { table: lines.join(""), symbols: symbols.join("") };
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

/** One entry's symbols field, as read from routing-symbols.txt. */
export function parseRoutingSymbols(text: string): RoutingSymbol[] {
  const trimmed = text.trimEnd();
  if (trimmed === "") return [];
  return trimmed.split(" ").map((item) => {
    const [name = "", line = "0", kind = "", exported = "i"] = item.split("@");
    return { name, line: Number(line), kind, exported: exported === "e" };
  });
}

/** Lines that do not have the eight fields are skipped: the table is derived, never the source of truth. */
export function parseRoutingTable(text: string): RoutingEntry[] {
  const entries: RoutingEntry[] = [];
  for (const line of text.split("\n")) {
    const fields = line.split("\t");
    if (fields.length !== 8) continue;
    const [path, module, test, length, terms, offset, bytes, targets] = fields as [string, string, string, string, string, string, string, string];
    entries.push({
      path,
      module,
      isTest: test === "t",
      length: Number(length),
      terms,
      symbolsAt: [Number(offset), Number(bytes)],
      targets: targets === "" ? [] : targets.split(",").map(Number),
    });
  }
  return entries;
}
