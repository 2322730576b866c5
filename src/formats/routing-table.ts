import type { RoutingSymbol } from "../core/brief/routing-terms.js";
import type { RepoPath } from "../model.js";
import { endianness } from "node:os";
import { undirectedGraph, type Graph } from "../core/brief/personalized-page-rank.js";
import { quotePath, unquotePath } from "./quoted-path.js";

/**
 * routing.tsv and routing-symbols.txt, derived tables in the lookup cache that `ctx brief` ranks
 * files from. routing.tsv has one tab-separated line per indexed file, in path order: path,
 * module, test flag (`t` or `-`), the sum of its term weights, its terms (`term:weight` sorted by
 * term; a weight of 1 unwritten) from its declarations and path, then those of the names it calls,
 * where its symbols are in routing-symbols.txt (byte offset and length), and the line numbers
 * (0-based) of the files its resolved calls land in, comma-separated.
 * A file's symbols (`name@line-end@kind@e|i` in line order) are read only for the files a brief shows.
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
  const symbolText = symbols.map((s) => `${s.name}@${s.line}-${s.endLine}@${s.kind}@${s.exported ? "e" : "i"}`).join(" ");
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
  return `${quotePath(row.path)}\t${quotePath(row.module)}\t${row.isTest ? "t" : "-"}\t${fields.total}\t${fields.terms}\t${fields.calls}\t${fields.at[0]}\t${fields.at[1]}\t${targets.join(",")}\n`;
}

/** One entry's symbols field, as read from routing-symbols.txt. */
export function parseRoutingSymbols(text: string): RoutingSymbol[] {
  const trimmed = text.trimEnd();
  if (trimmed === "") return [];
  return trimmed.split(" ").map((item) => {
    const [name = "", lines = "0", kind = "", exported = "i"] = item.split("@");
    const [line = "0", end = line] = lines.split("-");
    return { name, line: Number(line), endLine: Number(end), kind, exported: exported === "e" };
  });
}

/** Lines that do not have the nine fields are skipped: the table is derived, never the source of truth. */
export function parseRoutingTable(text: string | Buffer): RoutingEntry[] {
  const table = new RoutingTable(typeof text === "string" ? Buffer.from(text) : text);
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

/** `into` with `from` copied to its start. */
function grow<T extends Int32Array | Float64Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

/** Offsets kept per line: where it starts, its eight tabs, where it ends (a tab not looked for yet: -1). */
const MARKS = 10;
const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
const COLON = 58;

/**
 * What routing.idx holds beside routing.tsv, so that a brief takes no line of the table apart
 * to know them: where each line starts (one more start: the table's end), each line's length
 * (sum of term weights) and test flag, and the graph of resolved calls, made undirected.
 */
export interface RoutingLayout {
  starts: Int32Array;
  lengths: Int32Array;
  tests: Int32Array;
  /** Where each line's module field ends (its second tab): past it, letters are terms. */
  moduleEnds: Int32Array;
  graph: Graph;
  /** Each line's path, as written. */
  paths: string[];
}

const LAYOUT_MAGIC = 0x52545843;
const LAYOUT_VERSION = 3;
const LAYOUT_HEADER = 6;

/**
 * routing.idx: little-endian 32-bit words — magic, version, routing.tsv's byte length, lines,
 * graph entries, bytes of paths — then the arrays, then the paths (UTF-8, one per line).
 */
export function renderRoutingLayout(layout: RoutingLayout, tableBytes: number): Buffer {
  const size = layout.lengths.length;
  const paths = Buffer.from(layout.paths.join("\n"));
  const arrays = [layout.starts, layout.lengths, layout.tests, layout.moduleEnds, layout.graph.offsets, layout.graph.targets];
  const words = new Int32Array(LAYOUT_HEADER + arrays.reduce((sum, array) => sum + array.length, 0));
  words.set([LAYOUT_MAGIC, LAYOUT_VERSION, tableBytes, size, layout.graph.targets.length, paths.length]);
  let at = LAYOUT_HEADER;
  for (const array of arrays) {
    words.set(array, at);
    at += array.length;
  }
  const buffer = Buffer.alloc(words.length * 4 + paths.length);
  if (endianness() === "LE") Buffer.from(words.buffer, words.byteOffset, words.byteLength).copy(buffer);
  else words.forEach((word, i) => buffer.writeInt32LE(word, i * 4));
  paths.copy(buffer, words.length * 4);
  return buffer;
}

/** routing.idx read back; null when it is not one, or not the one of a table of `tableBytes` bytes. */
export function parseRoutingLayout(buffer: Buffer, tableBytes: number): RoutingLayout | null {
  if (buffer.length < LAYOUT_HEADER * 4) return null;
  const header = Array.from({ length: LAYOUT_HEADER }, (_, i) => buffer.readInt32LE(i * 4));
  const [magic, version, bytes, size, edges, pathBytes] = header as [number, number, number, number, number, number];
  if (magic !== LAYOUT_MAGIC || version !== LAYOUT_VERSION || bytes !== tableBytes || size < 0 || edges < 0 || pathBytes < 0) return null;
  const count = LAYOUT_HEADER + (size + 1) * 2 + size * 3 + edges;
  if (buffer.length !== count * 4 + pathBytes) return null;
  // Read in place on little-endian machines (all Node supports in practice); copied otherwise.
  const words =
    endianness() === "LE" && buffer.byteOffset % 4 === 0
      ? new Int32Array(buffer.buffer, buffer.byteOffset, count)
      : Int32Array.from({ length: count }, (_, i) => buffer.readInt32LE(i * 4));
  let at = LAYOUT_HEADER;
  const take = (length: number): Int32Array => words.subarray(at, (at += length));
  const starts = take(size + 1);
  const lengths = take(size);
  const tests = take(size);
  const moduleEnds = take(size);
  const offsets = take(size + 1);
  const targets = take(edges);
  const paths = size === 0 ? [] : buffer.toString("utf8", count * 4).split("\n");
  if (starts[size] !== tableBytes || offsets[size] !== edges || paths.length !== size) return null;
  return { starts, lengths, tests, moduleEnds, graph: { offsets, targets }, paths };
}

/**
 * The layout of a table whose `replaced` lines were rewritten in place (same path, module, test
 * flag and targets; another length and total): the lines after each one move by the bytes it grew.
 * The graph and paths stay those of `layout`.
 */
export function shiftedLayout(layout: RoutingLayout, replaced: ReadonlyMap<number, { bytes: number; length: number }>): RoutingLayout {
  const size = layout.lengths.length;
  const starts = new Int32Array(size + 1);
  const moduleEnds = new Int32Array(size);
  const lengths = Int32Array.from(layout.lengths);
  let shift = 0;
  for (let i = 0; i < size; i += 1) {
    starts[i] = layout.starts[i]! + shift;
    moduleEnds[i] = layout.moduleEnds[i]! + shift;
    const line = replaced.get(i);
    if (line === undefined) continue;
    shift += line.bytes - (layout.starts[i + 1]! - layout.starts[i]!);
    lengths[i] = line.length;
  }
  starts[size] = layout.starts[size]! + shift;
  return { starts, lengths, tests: layout.tests, moduleEnds, graph: layout.graph, paths: layout.paths };
}

/**
 * Whether `layout` is the one of this table: its size, and lines starting after a line break at
 * some 64 places spread over it. (The layout is rewritten with its table; this catches a reader
 * that read one before and the other after a rewrite.)
 */
function fitsTable(layout: RoutingLayout, bytes: Buffer): boolean {
  const { starts } = layout;
  if (starts[starts.length - 1] !== bytes.length || (starts.length > 1 && starts[0] !== 0)) return false;
  const step = Math.max(1, Math.floor(starts.length / 64));
  for (let i = 1; i < starts.length; i += step) if (bytes[starts[i]! - 1] !== NEWLINE) return false;
  return starts.length < 2 || bytes[bytes.length - 1] === NEWLINE;
}

/** The marks of every well-formed line of a table (nine fields), in one scan. */
function scanLines(bytes: Buffer): Int32Array {
  let lines = 1;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) lines += 1;
  const marks = new Int32Array(lines * MARKS);
  let size = 0;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline < 0 ? bytes.length : newline;
    const base = size * MARKS;
    marks[base] = start;
    let count = 0;
    let tab = bytes.indexOf(TAB, start);
    while (tab >= 0 && tab < end && count < MARKS - 1) {
      marks[base + 1 + count] = tab;
      count += 1;
      tab = bytes.indexOf(TAB, tab + 1);
    }
    if (count === MARKS - 2 && (tab < 0 || tab >= end)) {
      marks[base + MARKS - 1] = end;
      size += 1;
    }
    start = end + 1;
  }
  return marks.slice(0, size * MARKS);
}

/**
 * routing.tsv read in place, as bytes, for a brief that runs once in a cold process: a line's
 * fields are cut out only when asked for, and the files holding a term are found by searching the
 * whole table, not by taking 7,000 lines apart. With its layout (routing.idx) nothing is read
 * line by line; without, the table is scanned once for it. Offsets are byte offsets; line
 * numbers count the well-formed lines only (with a layout, all lines are).
 */
export class RoutingTable {
  readonly size: number;
  readonly layout: RoutingLayout;
  private readonly marks: Int32Array;
  private lowered: string | undefined;
  private pathStarts: Int32Array | undefined;
  private lines: Map<RepoPath, number> | undefined;

  constructor(
    private readonly bytes: Buffer,
    layout?: RoutingLayout | null,
  ) {
    if (layout && fitsTable(layout, bytes)) {
      this.size = layout.lengths.length;
      this.layout = layout;
      // Marks are filled a line at a time, when a line is first asked for (see marksOf).
      this.marks = new Int32Array(this.size * MARKS).fill(-1);
      return;
    }
    this.marks = scanLines(bytes);
    this.size = this.marks.length / MARKS;
    this.layout = this.scanLayout();
  }

  /** The layout of a table read without one: every line's fields are at hand by then. */
  private scanLayout(): RoutingLayout {
    const { size } = this;
    const starts = new Int32Array(size + 1);
    for (let i = 0; i < size; i += 1) starts[i] = this.marks[i * MARKS]!;
    starts[size] = this.bytes.length;
    const lengths = Int32Array.from({ length: size }, (_, i) => this.number(i, 3));
    const tests = Int32Array.from({ length: size }, (_, i) => (this.field(i, 2) === "t" ? 1 : 0));
    const graph = undirectedGraph(size, (visit) => {
      for (let i = 0; i < size; i += 1) this.forEachTarget(i, (j) => visit(i, j));
    });
    const paths = Array.from({ length: size }, (_, i) => this.field(i, 0));
    const moduleEnds = Int32Array.from({ length: size }, (_, i) => this.marks[i * MARKS + 2]!);
    return { starts, lengths, tests, moduleEnds, graph, paths };
  }

  /** Line `i`'s marks, its tabs looked for the first time it is asked. */
  private marksOf(i: number): number {
    const base = i * MARKS;
    const { marks, bytes } = this;
    if (marks[base] === -1) {
      marks[base] = this.layout.starts[i]!;
      marks[base + MARKS - 1] = this.layout.starts[i + 1]! - 1;
    }
    if (marks[base + 1] === -1) {
      const end = marks[base + MARKS - 1]!;
      let tab = marks[base]! - 1;
      // A line short of fields (it cannot be, as written) ends them all at its end.
      for (let k = 1; k < MARKS - 1; k += 1) {
        const next = tab < end ? bytes.indexOf(TAB, tab + 1) : -1;
        tab = next < 0 || next > end ? end : next;
        marks[base + k] = tab;
      }
    }
    return base;
  }

  /** Where field `k` (0–8) of line `i` starts and ends. */
  private span(i: number, k: number): [number, number] {
    const base = this.marksOf(i);
    return [k === 0 ? this.marks[base]! : Math.min(this.marks[base + k]! + 1, this.marks[base + k + 1]!), this.marks[base + k + 1]!];
  }

  private field(i: number, k: number): string {
    const [from, to] = this.span(i, k);
    return this.bytes.toString("utf8", from, to);
  }

  /** Field `k` of line `i` as a number: digits read in place, anything else the slow way. */
  private number(i: number, k: number): number {
    const [from, to] = this.span(i, k);
    let value = 0;
    for (let at = from; at < to; at += 1) {
      const byte = this.bytes[at]!;
      if (byte < 48 || byte > 57) return Number(this.field(i, k));
      value = value * 10 + byte - 48;
    }
    return value;
  }

  path(i: number): RepoPath {
    return unquotePath(this.layout.paths[i]!, { file: ".ai/.cache/lookup/routing.tsv", line: i + 1 });
  }

  isTest(i: number): boolean {
    return this.layout.tests[i] === 1;
  }

  symbolsAt(i: number): [number, number] {
    return [this.number(i, 6), this.number(i, 7)];
  }

  /** Each line's sum of term weights (BM25's document length). */
  lengths(): Int32Array {
    return this.layout.lengths;
  }

  /** The lines that line `i`'s resolved calls land in. */
  targets(i: number): number[] {
    const found: number[] = [];
    this.forEachTarget(i, (j) => found.push(j));
    return found;
  }

  /** Visits the targets of line `i` without cutting its field out. */
  private forEachTarget(i: number, visit: (line: number) => void): void {
    const [from, end] = this.span(i, 8);
    let value = -1;
    for (let at = from; at <= end; at += 1) {
      const byte = at < end ? this.bytes[at]! : 44;
      if (byte >= 48 && byte <= 57) value = (value < 0 ? 0 : value * 10) + byte - 48;
      else if (value >= 0) {
        visit(value);
        value = -1;
      }
    }
  }

  /** The line of `path`. A brief asks for thousands (every file a word matched): one map beats a binary search each. */
  lineOf(path: RepoPath): number | undefined {
    if (!this.lines) {
      this.lines = new Map();
      for (let i = 0; i < this.size; i += 1) this.lines.set(this.path(i), i);
    }
    return this.lines.get(path);
  }

  /** Every path, in line order. */
  paths(): RepoPath[] {
    return this.layout.paths.map((_, i) => this.path(i));
  }

  /** The last line starting at or before byte `at`, searching forward from line `from` (offsets come in order). */
  private lineAt(at: number, from: number): number {
    const { starts } = this.layout;
    let line = from;
    while (line + 1 < this.size && starts[line + 1]! <= at) line += 1;
    return line;
  }

  /**
   * The weight of `term` in each line that has it (a whole `term` or `term:weight` item), its
   * terms and calls fields added up, found by one search of the whole table. Terms are letters
   * only, so a hit past the module field is in one of those two (numbers fill the others).
   * NOTE: written as one flat loop on purpose — a brief runs it cold, in the interpreter, on
   * thousands of hits, where every call and allocation per hit shows. The bytes are searched as
   * they are: a decoded copy of a 2 MB table costs more (fresh memory) than it saves per search.
   */
  termWeights(term: string): Postings {
    const { bytes, marks, size } = this;
    const { starts, moduleEnds } = this.layout;
    const needle = Buffer.from(term, "latin1");
    let lines = new Int32Array(64);
    let weights = new Float64Array(64);
    let count = 0;
    // The line the last hit fell in, where the next one starts, where its terms begin and end.
    let line = -1;
    let next = 0;
    let from = 0;
    let end = 0;
    for (let at = size > 0 ? bytes.indexOf(needle) : -1; at >= 0; at = bytes.indexOf(needle, at + needle.length)) {
      if (at >= next) {
        line = this.lineAt(at, Math.max(0, line));
        next = line + 1 < size ? starts[line + 1]! : bytes.length + 1;
        // Where the line ends: a scanned table may have skipped a malformed line before the next.
        end = marks[line * MARKS + MARKS - 1] === -1 ? next - 1 : marks[line * MARKS + MARKS - 1]!;
        from = moduleEnds[line]!;
      }
      const before = bytes[at - 1];
      if (at <= from || at >= end || (before !== SPACE && before !== TAB)) continue;
      let stop = at + needle.length;
      let after = bytes[stop]!;
      let weight = 1;
      if (after === COLON) {
        const start = stop + 1;
        weight = 0;
        for (stop = start; (after = bytes[stop]!) >= 48 && after <= 57; stop += 1) weight = weight * 10 + after - 48;
        // Weights are whole numbers as written; anything else is read as a number the slow way.
        if (after !== SPACE && after !== TAB && stop < end) {
          while (stop < end && bytes[stop] !== SPACE && bytes[stop] !== TAB) stop += 1;
          weight = Number(bytes.toString("latin1", start, stop));
          after = SPACE;
        }
      }
      if ((after !== SPACE && after !== TAB) || !(weight > 0)) continue;
      if (count > 0 && lines[count - 1] === line) {
        weights[count - 1]! += weight;
        continue;
      }
      if (count === lines.length) {
        lines = grow(lines, new Int32Array(count * 2));
        weights = grow(weights, new Float64Array(count * 2));
      }
      lines[count] = line;
      weights[count] = weight;
      count += 1;
    }
    return { lines: lines.slice(0, count), weights: weights.slice(0, count) };
  }

  /** The lines whose lower-cased path contains `fragment` (lower case), in line order. */
  pathsContaining(fragment: string): number[] {
    // The paths alone, lower-cased, one per line: a search of them never meets the terms fields.
    if (this.lowered === undefined) {
      // As written (quoted where a path must be): the offsets below count its characters.
      const paths = this.layout.paths;
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
    const needle = Buffer.from(`${quotePath(path)}\t`);
    const found: number[] = [];
    let line = 0;
    for (let at = this.bytes.indexOf(needle); at >= 0 && this.size > 0; at = this.bytes.indexOf(needle, at + 1)) {
      line = this.lineAt(at, line);
      const [start, end] = this.span(line, 0);
      if (at < start || at + needle.length - 1 !== end) continue;
      if (at === start || this.bytes[at - 1] === 47) found.push(line);
    }
    return found;
  }

  /** The lines of module `name`. */
  linesOfModule(name: string): number[] {
    const needle = Buffer.from(quotePath(name));
    const found: number[] = [];
    for (let i = 0; i < this.size; i += 1) {
      const [from, to] = this.span(i, 1);
      if (to - from === needle.length && this.bytes.compare(needle, 0, needle.length, from, to) === 0) found.push(i);
    }
    return found;
  }

  /** Line `i` taken apart whole. */
  entry(i: number): RoutingEntry {
    return {
      path: this.path(i),
      module: unquotePath(this.field(i, 1), { file: ".ai/.cache/lookup/routing.tsv", line: i + 1 }),
      isTest: this.isTest(i),
      length: this.number(i, 3),
      terms: this.field(i, 4),
      calls: this.field(i, 5),
      symbolsAt: this.symbolsAt(i),
      targets: this.targets(i),
    };
  }
}
