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
  /** The terms field as written. */
  terms: string;
  /** The terms of the names it calls, as written. */
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
  const table = new RoutingTable(text);
  return Array.from({ length: table.size }, (_, i) => table.entry(i));
}

/** The lines that hold a term, in order, and its weight in each. */
export interface Postings {
  lines: Int32Array;
  weights: Float64Array;
}

/** The weight in `postings` of line `line` (0 when it has none), by binary search. */
export function weightIn(postings: Postings, line: number): number {
  let low = 0;
  let high = postings.lines.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const here = postings.lines[middle]!;
    if (here === line) return postings.weights[middle]!;
    if (here < line) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

/** Offsets kept per line: where it starts, its eight tabs, where it ends. */
const MARKS = 10;

/**
 * routing.tsv read in place, for a brief that runs once in a cold process: a line's fields are
 * cut out only when asked for, and the files holding a term are found by searching the whole
 * text, not by taking 7,000 lines apart. Line numbers count the well-formed lines only.
 */
export class RoutingTable {
  readonly size: number;
  private readonly marks: Int32Array;
  private lengthsCache: Float64Array | undefined;
  private lowered: string | undefined;
  private pathStarts: Int32Array | undefined;

  constructor(private readonly text: string) {
    let lines = 1;
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines += 1;
    const marks = new Int32Array(lines * MARKS);
    let size = 0;
    let start = 0;
    while (start < text.length) {
      const newline = text.indexOf("\n", start);
      const end = newline < 0 ? text.length : newline;
      const base = size * MARKS;
      marks[base] = start;
      let count = 0;
      let tab = text.indexOf("\t", start);
      while (tab >= 0 && tab < end && count < MARKS - 1) {
        marks[base + 1 + count] = tab;
        count += 1;
        tab = text.indexOf("\t", tab + 1);
      }
      if (count === MARKS - 2 && (tab < 0 || tab >= end)) {
        marks[base + MARKS - 1] = end;
        size += 1;
      }
      start = end + 1;
    }
    this.marks = marks.subarray(0, size * MARKS);
    this.size = size;
  }

  /** Field `k` (0–8) of line `i`. */
  private field(i: number, k: number): string {
    const base = i * MARKS;
    return this.text.slice(k === 0 ? this.marks[base]! : this.marks[base + k]! + 1, this.marks[base + k + 1]!);
  }

  path(i: number): RepoPath {
    return this.field(i, 0);
  }

  isTest(i: number): boolean {
    return this.field(i, 2) === "t";
  }

  symbolsAt(i: number): [number, number] {
    return [Number(this.field(i, 6)), Number(this.field(i, 7))];
  }

  /** Each line's sum of term weights (BM25's document length). */
  lengths(): Float64Array {
    this.lengthsCache ??= Float64Array.from({ length: this.size }, (_, i) => Number(this.field(i, 3)));
    return this.lengthsCache;
  }

  /** The lines that line `i`'s resolved calls land in. */
  targets(i: number): number[] {
    const found: number[] = [];
    this.forEachTarget(i, (j) => found.push(j));
    return found;
  }

  /** Visits the targets of line `i` without cutting its field out (the graph reads every line's). */
  forEachTarget(i: number, visit: (line: number) => void): void {
    const end = this.marks[i * MARKS + 9]!;
    let value = -1;
    for (let at = this.marks[i * MARKS + 8]! + 1; at <= end; at += 1) {
      const code = at < end ? this.text.charCodeAt(at) : 44;
      if (code >= 48 && code <= 57) value = (value < 0 ? 0 : value * 10) + code - 48;
      else if (value >= 0) {
        visit(value);
        value = -1;
      }
    }
  }

  /** The line of `path`, by binary search (lines are in path order). */
  lineOf(path: RepoPath): number | undefined {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const here = this.path(middle);
      if (here === path) return middle;
      if (here < path) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** Every path, in line order. */
  paths(): RepoPath[] {
    return Array.from({ length: this.size }, (_, i) => this.path(i));
  }

  /** The last line starting at or before text offset `at`, searching forward from line `from` (offsets come in order). */
  private lineAt(at: number, from: number): number {
    let line = from;
    while (line + 1 < this.size && this.marks[(line + 1) * MARKS]! <= at) line += 1;
    return line;
  }

  /** Whether `at` lies inside fields `first`…`last` of line `i`. */
  private within(i: number, at: number, first: number, last: number): boolean {
    const base = i * MARKS;
    const from = first === 0 ? this.marks[base]! : this.marks[base + first]! + 1;
    return at >= from && at < this.marks[base + last + 1]!;
  }

  /**
   * The weight of `term` in each line that has it (a whole `term` or `term:weight` item), its
   * terms and calls fields added up, found by one search of the whole table.
   */
  termWeights(term: string): Postings {
    const lines: number[] = [];
    const weights: number[] = [];
    const { text } = this;
    let line = 0;
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
      const before = text.charCodeAt(at - 1);
      const end = at + term.length;
      const after = text.charCodeAt(end);
      if ((before !== 32 && before !== 9) || (after !== 32 && after !== 9 && after !== 58)) continue;
      line = this.lineAt(at, line);
      if (!this.within(line, at, 4, 5)) continue;
      let weight = 1;
      if (after === 58) {
        let stop = end + 1;
        while (stop < text.length && text.charCodeAt(stop) !== 32 && text.charCodeAt(stop) !== 9) stop += 1;
        weight = Number(text.slice(end + 1, stop));
      }
      if (lines[lines.length - 1] === line) weights[weights.length - 1]! += weight;
      else {
        lines.push(line);
        weights.push(weight);
      }
    }
    return { lines: Int32Array.from(lines), weights: Float64Array.from(weights) };
  }

  /** Every resolved call as a pair of lines, flat: `[from, to, from, to, …]`. */
  edges(): Int32Array {
    const edges: number[] = [];
    for (let i = 0; i < this.size; i += 1) this.forEachTarget(i, (j) => edges.push(i, j));
    return Int32Array.from(edges);
  }

  /** The lines whose lower-cased path contains `fragment` (lower case), in line order. */
  pathsContaining(fragment: string): number[] {
    // The paths alone, lower-cased, one per line: a search of them never meets the terms fields.
    if (this.lowered === undefined) {
      const paths = this.paths();
      this.lowered = paths.join("\n").toLowerCase();
      this.pathStarts = new Int32Array(this.size + 1);
      for (let i = 0; i < this.size; i += 1) this.pathStarts[i + 1] = this.pathStarts[i]! + paths[i]!.length + 1;
    }
    const starts = this.pathStarts!;
    const found: number[] = [];
    let line = 0;
    for (let at = this.lowered.indexOf(fragment); at >= 0; at = this.lowered.indexOf(fragment, starts[line + 1]!)) {
      while (starts[line + 1]! <= at) line += 1;
      found.push(line);
      if (line + 1 >= this.size) break;
    }
    return found;
  }

  /** The lines whose path is `path` or ends with `/path`. */
  pathsEndingWith(path: string): number[] {
    const found: number[] = [];
    let line = 0;
    for (let at = this.text.indexOf(`${path}\t`); at >= 0; at = this.text.indexOf(`${path}\t`, at + 1)) {
      line = this.lineAt(at, line);
      const start = this.marks[line * MARKS]!;
      if (at + path.length !== this.marks[line * MARKS + 1]! || at < start) continue;
      if (at === start || this.text.charCodeAt(at - 1) === 47) found.push(line);
    }
    return found;
  }

  /** The lines of module `name`. */
  linesOfModule(name: string): number[] {
    const found: number[] = [];
    for (let i = 0; i < this.size; i += 1) {
      const base = i * MARKS;
      if (this.marks[base + 2]! - this.marks[base + 1]! - 1 === name.length && this.text.startsWith(name, this.marks[base + 1]! + 1)) found.push(i);
    }
    return found;
  }

  /** Line `i` taken apart whole. */
  entry(i: number): RoutingEntry {
    return {
      path: this.path(i),
      module: this.field(i, 1),
      isTest: this.isTest(i),
      length: Number(this.field(i, 3)),
      terms: this.field(i, 4),
      calls: this.field(i, 5),
      symbolsAt: this.symbolsAt(i),
      targets: this.targets(i),
    };
  }
}
