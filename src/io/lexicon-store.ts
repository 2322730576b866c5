import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { findPostings, parseLexiconField } from "../formats/lexicon.js";
import type { DeclarationCorpus } from "../core/brief/score-declarations.js";
import { quotePath, unquotePath } from "../formats/quoted-path.js";
import type { RepoPath } from "../model.js";
import { replaceDirectory } from "./atomic-write.js";
import { CACHE_DIR } from "./index-store.js";

/**
 * .ai/.cache/lexicon/: the words inside every declaration, which `ctx index` writes and `ctx brief`
 * reads, never rebuilds. It is a cache, not a committed index: it cannot be derived from the
 * committed Markdown, so where it is missing (a fresh clone before its first `ctx index`) brief
 * routes by names alone.
 *
 * files.tsv   one line per file in path order: path, SHA-256 of the text the words came from, field
 * paths.txt   the paths alone, in the same order: a posting's file number is its line here
 * terms-N.tsv postings, sharded by term; a shard's lines are sorted by term
 * meta.json   version, declaration count and average length; written last
 *
 * NOTE: bump LEXICON_VERSION whenever a format or the words extracted change.
 */
const LEXICON_DIR = join(CACHE_DIR, "lexicon");
const LEXICON_VERSION = 1;
const SHARDS = 64;

export interface LexiconEntry {
  path: RepoPath;
  sha256: string;
  /** formats/lexicon.ts renderLexiconField */
  field: string;
}

interface LexiconMeta {
  version: number;
  declarations: number;
  averageLength: number;
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

/** The previous run's entries by path, to carry unchanged files over; empty when there is no usable store. */
export function readLexiconEntries(root: string): Map<RepoPath, LexiconEntry> {
  const directory = join(root, LEXICON_DIR);
  const entries = new Map<RepoPath, LexiconEntry>();
  if (!readMeta(directory)) return entries;
  let text: string;
  try {
    text = readFileSync(join(directory, "files.tsv"), "utf8");
  } catch {
    return entries;
  }
  try {
    for (const [i, line] of text.split("\n").entries()) {
      const first = line.indexOf("\t");
      const second = line.indexOf("\t", first + 1);
      if (first < 0 || second < 0) continue;
      const path = unquotePath(line.slice(0, first), { file: join(LEXICON_DIR, "files.tsv"), line: i + 1 });
      entries.set(path, { path, sha256: line.slice(first + 1, second), field: line.slice(second + 1) });
    }
  } catch {
    // A damaged cache is rebuilt, not reported: every file is parsed again.
    entries.clear();
  }
  return entries;
}

/** Writes the whole store from every file's entry, in path order. */
export async function writeLexicon(root: string, entries: readonly LexiconEntry[]): Promise<void> {
  const postings = new Map<string, string>();
  let declarations = 0;
  let total = 0;
  for (const [file, entry] of entries.entries()) {
    for (const declaration of parseLexiconField(entry.field)) {
      let length = 0;
      for (const [, count] of declaration.terms) length += count;
      declarations += 1;
      total += length;
      for (const [term, count] of declaration.terms) {
        const posting = `${file}.${declaration.line}.${count}.${length}`;
        const list = postings.get(term);
        postings.set(term, list === undefined ? posting : `${list} ${posting}`);
      }
    }
  }
  const shards = Array.from({ length: SHARDS }, () => [] as string[]);
  for (const term of [...postings.keys()].sort()) shards[shardOf(term)]!.push(`${term}\t${postings.get(term)!}`);
  await replaceDirectory(join(root, LEXICON_DIR), async (staging) => {
    await writeFile(join(staging, "files.tsv"), entries.map((e) => `${quotePath(e.path)}\t${e.sha256}\t${e.field}\n`).join(""));
    await writeFile(join(staging, "paths.txt"), entries.map((e) => `${quotePath(e.path)}\n`).join(""));
    for (const [i, lines] of shards.entries()) await writeFile(join(staging, `terms-${i}.tsv`), lines.length === 0 ? "" : `${lines.join("\n")}\n`);
    const meta: LexiconMeta = { version: LEXICON_VERSION, declarations, averageLength: declarations === 0 ? 0 : total / declarations };
    await writeFile(join(staging, "meta.json"), JSON.stringify(meta));
  });
}

/** The store, or null when there is none of this version (brief then routes by names alone). */
export function openLexicon(root: string): DeclarationCorpus | null {
  const directory = join(root, LEXICON_DIR);
  const meta = readMeta(directory);
  if (!meta) return null;
  let paths: string[];
  try {
    paths = readFileSync(join(directory, "paths.txt"), "utf8").split("\n");
  } catch {
    return null;
  }
  const shards = new Map<number, string>();
  const shard = (i: number): string => {
    let text = shards.get(i);
    if (text === undefined) {
      try {
        text = readFileSync(join(directory, `terms-${i}.tsv`), "utf8");
      } catch {
        // Swapped out under this reader by another run: its terms read as absent.
        text = "";
      }
      shards.set(i, text);
    }
    return text;
  };
  return {
    declarations: meta.declarations,
    averageLength: meta.averageLength,
    postings: (term) => findPostings(shard(shardOf(term)), term),
    // Only the files that end up ranked are named: unquoting every posting's path cost more than scoring it.
    pathOf: (file) => {
      const text = paths[file];
      if (text === undefined || text === "") return null;
      try {
        return unquotePath(text, { file: join(LEXICON_DIR, "paths.txt"), line: file + 1 });
      } catch {
        return null;
      }
    },
  };
}
