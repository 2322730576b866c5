import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { blockPostings, blocksOffset, findShardTerm, parseLexiconField, postingList, renderShard, type PostingList } from "../formats/lexicon.js";
import type { DeclarationCorpus } from "../core/brief/score-declarations.js";
import { quotePath, unquotePath } from "../formats/quoted-path.js";
import type { RepoPath } from "../model.js";
import { replaceDirectory, writeFileAtomic } from "./atomic-write.js";
import { CACHE_DIR } from "./index-store.js";

/**
 * .ai/.cache/lexicon/: the words inside every declaration, which `ctx index` writes and `ctx brief`
 * reads, never rebuilds. It is a cache, not a committed index: it cannot be derived from the
 * committed Markdown, so where it is missing (a fresh clone before its first `ctx index`) brief
 * routes by names alone.
 *
 * A base, written whole, and a delta of the files changed since, so that a run that parsed a few
 * files writes a few lines instead of every shard:
 * files.tsv   base: one line per file in path order: path, SHA-256 of the text the words came from, field
 * paths.txt   base: path, declarations and total count per file, in the same order: a posting's file number is its line here
 * terms-N.bin base: postings, sharded by term (formats/lexicon.ts renderShard)
 * meta.json   base: version, declarations and total count; written last
 * delta.tsv   files changed since the base, in path order, as in files.tsv; a removed file has `-` for hash and no field
 *
 * NOTE: bump LEXICON_VERSION whenever a format or the words extracted change.
 */
const LEXICON_DIR = join(CACHE_DIR, "lexicon");
const LEXICON_VERSION = 3;
const SHARDS = 64;
/** The delta is folded into a new base past this many files (or a twentieth of the repository, if more). */
const DELTA_FILES = 256;

export interface LexiconEntry {
  path: RepoPath;
  sha256: string;
  /** formats/lexicon.ts renderLexiconField */
  field: string;
}

interface LexiconMeta {
  version: number;
  declarations: number;
  total: number;
}

/** What a run hands over: every file it indexed, the words of those it parsed, the ones gone. */
export interface LexiconUpdate {
  files: readonly { path: RepoPath; sha256: string }[];
  parsed: ReadonlyMap<RepoPath, string>;
  dropped: readonly RepoPath[];
  /** Write a new base whatever the delta holds (a run without a usable cache parsed everything). */
  whole: boolean;
}

/** The base's postings without those of superseded files, then the delta's. */
function merged(base: PostingList, superseded: ReadonlySet<number>, more: readonly { file: number; line: number; count: number; length: number }[]): PostingList {
  let kept = 0;
  for (let i = 0; i < base.size; i += 1) if (!superseded.has(base.file[i]!)) kept += 1;
  const list = postingList(kept + more.length);
  let row = 0;
  for (let i = 0; i < base.size; i += 1) {
    if (superseded.has(base.file[i]!)) continue;
    [list.file[row], list.line[row], list.count[row], list.length[row]] = [base.file[i]!, base.line[i]!, base.count[i]!, base.length[i]!];
    row += 1;
  }
  for (const p of more) {
    [list.file[row], list.line[row], list.count[row], list.length[row]] = [p.file, p.line, p.count, p.length];
    row += 1;
  }
  return list;
}

/** FNV-1a: stable across runs and platforms, so a term is always looked for in the shard it was written to. */
function shardOf(term: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i += 1) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SHARDS;
}

function readMeta(directory: string): LexiconMeta | null {
  try {
    const meta = JSON.parse(readFileSync(join(directory, "meta.json"), "utf8")) as LexiconMeta;
    return meta.version === LEXICON_VERSION ? meta : null;
  } catch {
    return null;
  }
}

/** Whether a store of this version is there (a run without one parses every file to write it). */
export function hasLexicon(root: string): boolean {
  return readMeta(join(root, LEXICON_DIR)) !== null;
}

/** Lines of `path<TAB>sha<TAB>field`, by path; a damaged file reads as empty (the caller then rebuilds). */
function readEntries(file: string): Map<RepoPath, LexiconEntry> {
  const entries = new Map<RepoPath, LexiconEntry>();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return entries;
  }
  try {
    for (const [i, line] of text.split("\n").entries()) {
      const first = line.indexOf("\t");
      const second = line.indexOf("\t", first + 1);
      if (first < 0 || second < 0) continue;
      const path = unquotePath(line.slice(0, first), { file, line: i + 1 });
      entries.set(path, { path, sha256: line.slice(first + 1, second), field: line.slice(second + 1) });
    }
  } catch {
    entries.clear();
  }
  return entries;
}

const renderEntries = (entries: Iterable<LexiconEntry>): string => [...entries].map((e) => `${quotePath(e.path)}\t${e.sha256}\t${e.field}\n`).join("");

/**
 * Brings the store up to date: the changed files go into the delta while it stays small; otherwise
 * (or with `whole`) a new base is written from every file's words and the delta is emptied.
 */
export async function writeLexicon(root: string, update: LexiconUpdate): Promise<void> {
  const directory = join(root, LEXICON_DIR);
  const usable = !update.whole && readMeta(directory) !== null;
  const delta = usable ? readEntries(join(directory, "delta.tsv")) : new Map<RepoPath, LexiconEntry>();
  const limit = Math.max(DELTA_FILES, update.files.length / 20);
  if (usable && update.parsed.size + update.dropped.length <= limit) {
    const shaOf = new Map(update.files.map((file) => [file.path, file.sha256]));
    for (const [path, field] of update.parsed) delta.set(path, { path, sha256: shaOf.get(path) ?? "", field });
    for (const path of update.dropped) delta.set(path, { path, sha256: "-", field: "" });
  }
  if (usable && update.parsed.size + update.dropped.length <= limit && delta.size <= limit) {
    const sorted = [...delta.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    await writeFileAtomic(join(directory, "delta.tsv"), renderEntries(sorted));
    return;
  }
  const base = usable ? readEntries(join(directory, "files.tsv")) : new Map<RepoPath, LexiconEntry>();
  const entries = update.files.map((file) => ({ path: file.path, sha256: file.sha256, field: update.parsed.get(file.path) ?? delta.get(file.path)?.field ?? base.get(file.path)?.field ?? "" }));
  await writeBase(directory, entries);
}

/** Writes the whole store from every file's entry, in path order, with an empty delta. */
async function writeBase(directory: string, entries: readonly LexiconEntry[]): Promise<void> {
  // Every posting once, as it is met (file order, then line order): term id, file, line, count, length.
  const ids = new Map<string, number>();
  const terms: string[] = [];
  let rows = new Int32Array(1 << 16);
  let used = 0;
  const sizes: { declarations: number; total: number }[] = [];
  let declarations = 0;
  let total = 0;
  for (const [file, entry] of entries.entries()) {
    const size = { declarations: 0, total: 0 };
    for (const declaration of parseLexiconField(entry.field)) {
      let length = 0;
      for (const [, count] of declaration.terms) length += count;
      size.declarations += 1;
      size.total += length;
      for (const [term, count] of declaration.terms) {
        let id = ids.get(term);
        if (id === undefined) {
          id = terms.length;
          ids.set(term, id);
          terms.push(term);
        }
        if (used + 5 > rows.length) {
          const grown = new Int32Array(rows.length * 2);
          grown.set(rows);
          rows = grown;
        }
        rows.set([id, file, declaration.line, count, length], used);
        used += 5;
      }
    }
    sizes.push(size);
    declarations += size.declarations;
    total += size.total;
  }
  // Each term's postings together, still in (file, line) order: a counting sort by term.
  const counts = new Int32Array(terms.length);
  for (let r = 0; r < used; r += 5) counts[rows[r]!]! += 1;
  const starts = new Int32Array(terms.length + 1);
  for (let t = 0; t < terms.length; t += 1) starts[t + 1] = starts[t]! + counts[t]!;
  const columns = [0, 1, 2, 3].map(() => new Int32Array(used / 5));
  const cursor = starts.slice(0, terms.length);
  for (let r = 0; r < used; r += 5) {
    const at = cursor[rows[r]!]!++;
    for (let k = 0; k < 4; k += 1) columns[k]![at] = rows[r + 1 + k]!;
  }
  const shards = Array.from({ length: SHARDS }, () => [] as number[]);
  for (const id of terms.map((_, t) => t).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1))) shards[shardOf(terms[id]!)]!.push(id);
  const block = (id: number) => {
    const [from, to] = [starts[id]!, starts[id + 1]!];
    const [file, line, count, length] = columns.map((column) => column.subarray(from, to)) as [Int32Array, Int32Array, Int32Array, Int32Array];
    return { term: terms[id]!, file, line, count, length };
  };
  await replaceDirectory(directory, async (staging) => {
    await writeFile(join(staging, "files.tsv"), renderEntries(entries));
    await writeFile(join(staging, "paths.txt"), entries.map((e, i) => `${quotePath(e.path)}\t${sizes[i]!.declarations}\t${sizes[i]!.total}\n`).join(""));
    for (const [i, ids] of shards.entries()) await writeFile(join(staging, `terms-${i}.bin`), renderShard(ids.map(block)));
    await writeFile(join(staging, "delta.tsv"), "");
    const meta: LexiconMeta = { version: LEXICON_VERSION, declarations, total };
    await writeFile(join(staging, "meta.json"), JSON.stringify(meta));
  });
}

/**
 * The postings of `term` in a shard file, read from one open of it: a store swapped in by another
 * run meanwhile is read whole or not at all. A missing or damaged shard reads as no postings.
 */
function readPostings(file: string, term: string): PostingList {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return postingList(0);
  }
  try {
    const head = Buffer.alloc(4);
    if (readSync(fd, head, 0, 4, 0) < 4) return postingList(0);
    const dictionary = Buffer.alloc(head.readUInt32LE(0));
    if (readSync(fd, dictionary, 0, dictionary.length, 4) < dictionary.length) return postingList(0);
    const found = findShardTerm(dictionary.toString("utf8"), term);
    if (!found || found.size === 0) return postingList(0);
    const block = new Int32Array(found.size * 4);
    const bytes = new Uint8Array(block.buffer);
    if (readSync(fd, bytes, 0, bytes.length, blocksOffset(dictionary.length) + found.start * 16) < bytes.length) return postingList(0);
    return blockPostings(block, found.size);
  } catch {
    return postingList(0);
  } finally {
    closeSync(fd);
  }
}

/**
 * The store, or null when there is none of this version (brief then routes by names alone). The
 * delta's files replace their base postings; counts are corrected by the per-file sizes in
 * paths.txt, so scores are those a new base would give.
 */
export function openLexicon(root: string): DeclarationCorpus | null {
  const directory = join(root, LEXICON_DIR);
  const meta = readMeta(directory);
  if (!meta) return null;
  let lines: string[];
  try {
    lines = readFileSync(join(directory, "paths.txt"), "utf8").split("\n");
  } catch {
    return null;
  }
  if (lines[lines.length - 1] === "") lines.pop();
  const pathText = (line: string): string => line.slice(0, line.indexOf("\t"));
  const namedPath = (text: string, at: number): RepoPath | null => {
    if (!text.startsWith('"')) return text;
    try {
      return unquotePath(text, { file: join(LEXICON_DIR, "paths.txt"), line: at + 1 });
    } catch {
      return null;
    }
  };
  const delta = [...readEntries(join(directory, "delta.tsv")).values()];
  let declarations = meta.declarations;
  let total = meta.total;
  const superseded = new Set<number>();
  if (delta.length > 0) {
    const changed = new Set(delta.map((entry) => quotePath(entry.path)));
    for (const [file, line] of lines.entries()) {
      if (!changed.has(pathText(line))) continue;
      superseded.add(file);
      const [, decls = "0", sum = "0"] = line.split("\t");
      declarations -= Number(decls);
      total -= Number(sum);
    }
  }
  // The delta's own postings, numbered after the base's files.
  const added = new Map<string, { file: number; line: number; count: number; length: number }[]>();
  const present = delta.filter((entry) => entry.sha256 !== "-");
  for (const [k, entry] of present.entries()) {
    for (const declaration of parseLexiconField(entry.field)) {
      let length = 0;
      for (const [, count] of declaration.terms) length += count;
      declarations += 1;
      total += length;
      for (const [term, count] of declaration.terms) {
        let list = added.get(term);
        if (!list) added.set(term, (list = []));
        list.push({ file: lines.length + k, line: declaration.line, count, length });
      }
    }
  }
  return {
    declarations,
    averageLength: declarations === 0 ? 0 : total / declarations,
    postings: (term) => {
      const base = readPostings(join(directory, `terms-${shardOf(term)}.bin`), term);
      const more = added.get(term) ?? [];
      if (superseded.size === 0 && more.length === 0) return base;
      return merged(base, superseded, more);
    },
    // Only the files that end up ranked are named: unquoting every posting's path cost more than scoring it.
    pathOf: (file) => (file < lines.length ? namedPath(pathText(lines[file]!), file) : (present[file - lines.length]?.path ?? null)),
  };
}
