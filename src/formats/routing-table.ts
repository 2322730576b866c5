import type { RoutingSymbol } from "../core/brief/routing-terms.js";
import type { RepoPath } from "../model.js";

/**
 * routing.tsv and routing-symbols.txt, derived tables in the lookup cache that `ctx brief` ranks
 * files from. routing.tsv has one tab-separated line per indexed file, in path order: path,
 * module, test flag (`t` or `-`), the sum of its term weights, its terms (`term:weight` sorted by
 * term; a weight of 1 unwritten) from its declarations and path, then those of the names it calls,
 * where its symbols are in routing-symbols.txt (byte offset and length), and the line numbers
 * (0-based) of the files its resolved calls land in, comma-separated.
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
  /** The terms of the names it calls, as written; read it with termWeight too. */
  calls: string;
  /** Byte offset and length of its symbols field in routing-symbols.txt. */
  symbolsAt: [number, number];
  /** Indexes of the entries its resolved calls land in. */
  targets: number[];
}

/** What a line is written from. */
export interface RoutingRow {
  path: RepoPath;
  module: string;
  isTest: boolean;
  /** renderRoutingFields' output for the file; undefined: as in the previous table. */
  fields?: string;
  /** renderTerms of calleeTermsOf its call sites; undefined: as in the previous table. */
  calls?: string;
  targets: readonly RepoPath[];
}

/** The table being replaced, for the rows that keep their fields. */
export interface PreviousRouting {
  entries: readonly RoutingEntry[];
  symbols: Buffer;
}

/** Terms as a field: `term:weight` sorted by term, a weight of 1 unwritten. */
export function renderTerms(terms: ReadonlyMap<string, number>): string {
  return [...terms]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([term, weight]) => (weight === 1 ? term : `${term}:${weight}`))
    .join(" ");
}

/** The sum of the weights in a terms field. */
export function weightOf(field: string): number {
  let sum = 0;
  if (field === "") return sum;
  for (const item of field.split(" ")) {
    const colon = item.lastIndexOf(":");
    sum += colon < 0 ? 1 : Number(item.slice(colon + 1));
  }
  return sum;
}

/** The part of a line that depends on the file's content only (cached per file by `ctx index`). */
export function renderRoutingFields(terms: ReadonlyMap<string, number>, symbols: readonly RoutingSymbol[]): string {
  let length = 0;
  for (const weight of terms.values()) length += weight;
  const termText = renderTerms(terms);
  const symbolText = symbols.map((s) => `${s.name}@${s.line}@${s.kind}@${s.exported ? "e" : "i"}`).join(" ");
  return `${length}\t${termText}\t${symbolText}`;
}

/**
 * Both files, from rows in path order: the table as text, the symbols as chunks (a kept row's
 * symbols are the previous file's bytes, never decoded). A row without fields or calls takes them
 * from `previous`; throws when it has none there (the caller rebuilds the table from the index).
 */
export function renderRoutingTable(rows: readonly RoutingRow[], previous?: PreviousRouting): { table: string; symbols: (string | Buffer)[] } {
  const place = new Map(rows.map((row, i) => [row.path, i]));
  const before = new Map((previous?.entries ?? []).map((entry) => [entry.path, entry]));
  const lines: string[] = [];
  const symbols: (string | Buffer)[] = [];
  let offset = 0;
  for (const row of rows) {
    let length: number;
    let terms: string;
    let bytes: number;
    if (row.fields !== undefined) {
      const [own = "0", termText = "", symbolText = ""] = row.fields.split("\t");
      length = Number(own);
      terms = termText;
      bytes = Buffer.byteLength(symbolText);
      symbols.push(`${symbolText}\n`);
    } else {
      const old = before.get(row.path);
      if (!old || !previous) throw new Error(`routing: no fields for ${row.path}`);
      length = old.length - weightOf(old.calls);
      terms = old.terms;
      bytes = old.symbolsAt[1];
      symbols.push(previous.symbols.subarray(old.symbolsAt[0], old.symbolsAt[0] + bytes + 1));
    }
    const kept = row.calls === undefined ? before.get(row.path)?.calls : undefined;
    const calls = row.calls ?? kept;
    if (calls === undefined) throw new Error(`routing: no calls for ${row.path}`);
    // A kept row whose calls are kept too has the same total: no need to add its weights again.
    const total = row.fields === undefined && kept !== undefined ? before.get(row.path)!.length : length + weightOf(calls);
    lines.push(renderRoutingLine(row, { total, terms, calls, at: [offset, bytes] }, place));
    offset += bytes + 1;
  }
  return { table: lines.join(""), symbols };
}

/** One line of routing.tsv, with its newline; `place` gives each path's line number. */
export function renderRoutingLine(
  row: Pick<RoutingRow, "path" | "module" | "isTest" | "targets">,
  fields: { total: number; terms: string; calls: string; at: readonly [number, number] },
  place: ReadonlyMap<RepoPath, number>,
): string {
  const targets = row.targets.flatMap((path) => place.get(path) ?? []).sort((a, b) => a - b);
  return `${row.path}\t${row.module}\t${row.isTest ? "t" : "-"}\t${fields.total}\t${fields.terms}\t${fields.calls}\t${fields.at[0]}\t${fields.at[1]}\t${targets.join(",")}\n`;
}

/** The weight of `term` in a terms field (0 when absent), found in the text without parsing the rest. */
export function termWeight(text: string, term: string): number {
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

/** Lines that do not have the nine fields are skipped: the table is derived, never the source of truth. */
export function parseRoutingTable(text: string): RoutingEntry[] {
  const entries: RoutingEntry[] = [];
  for (const line of text.split("\n")) {
    const fields = line.split("\t");
    if (fields.length !== 9) continue;
    const [path, module, test, length, terms, calls, offset, bytes, targets] = fields as [string, string, string, string, string, string, string, string, string];
    entries.push({
      path,
      module,
      isTest: test === "t",
      length: Number(length),
      terms,
      calls,
      symbolsAt: [Number(offset), Number(bytes)],
      targets: targets === "" ? [] : targets.split(",").map(Number),
    });
  }
  return entries;
}
