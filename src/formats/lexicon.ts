import type { DeclarationWords } from "../model.js";

/**
 * The lexicon's text formats (the store is .ai/.cache/lexicon/, see io/lexicon-store.ts).
 *
 * A file's field: its declarations separated by tabs, each `line term term:3 …` (terms in order, a
 * count of 1 unwritten). Postings are binary shards (see renderShard): per declaration holding a
 * term, the file's number in paths.txt, the declaration's line, the term's count and the
 * declaration's total count.
 */
export function renderLexiconField(words: readonly DeclarationWords[]): string {
  return words
    .map(({ line, terms }) => [String(line), ...[...terms].map(([term, count]) => (count === 1 ? term : `${term}:${count}`))].join(" "))
    .join("\t");
}

export interface LexiconDeclaration {
  line: number;
  terms: [term: string, count: number][];
}

export function parseLexiconField(field: string): LexiconDeclaration[] {
  if (field === "") return [];
  return field.split("\t").map((text) => {
    const [line = "0", ...items] = text.split(" ");
    return {
      line: Number(line),
      terms: items.map((item): [string, number] => {
        const colon = item.lastIndexOf(":");
        return colon < 0 ? [item, 1] : [item.slice(0, colon), Number(item.slice(colon + 1))];
      }),
    };
  });
}

/** The declarations that hold a term, as parallel columns: a common term has tens of thousands, and an object each cost more than scoring them. */
export interface PostingList {
  size: number;
  /** The file's number (paths.txt line). */
  file: Int32Array;
  line: Int32Array;
  count: Int32Array;
  /** All of the declaration's term counts: the document length BM25 normalises by. */
  length: Int32Array;
}

export function postingList(size: number): PostingList {
  return { size, file: new Int32Array(size), line: new Int32Array(size), count: new Int32Array(size), length: new Int32Array(size) };
}

/**
 * A postings shard, `terms-N.bin`: a u32 byte length, then its dictionary — one `term<TAB>start<TAB>size`
 * line per term, sorted — then, from the next multiple of 4, each term's block of `size` rows as four
 * int32 columns (file, line, count, length) in the machine's byte order (the store is a local cache).
 * A term's block is read alone, as it lies: no text to take apart at query time.
 */
export interface ShardTerm {
  term: string;
  /** Row offset of the term's block among the shard's blocks. */
  start: number;
  size: number;
}

/** Where the blocks begin in a shard whose dictionary is `dictionaryBytes` long. */
export const blocksOffset = (dictionaryBytes: number): number => 4 + dictionaryBytes + ((4 - (dictionaryBytes % 4)) % 4);

/** A shard's bytes from its terms in order, each with its columns (file, line, count, length; `size` rows each). */
export function renderShard(terms: readonly { term: string; file: ArrayLike<number>; line: ArrayLike<number>; count: ArrayLike<number>; length: ArrayLike<number> }[]): Buffer {
  let rows = 0;
  const lines: string[] = [];
  for (const entry of terms) {
    lines.push(`${entry.term}\t${rows}\t${entry.file.length}\n`);
    rows += entry.file.length;
  }
  const dictionary = Buffer.from(lines.join(""), "utf8");
  const offset = blocksOffset(dictionary.length);
  const bytes = Buffer.alloc(offset + rows * 16);
  bytes.writeUInt32LE(dictionary.length, 0);
  dictionary.copy(bytes, 4);
  const columns = new Int32Array(bytes.buffer, bytes.byteOffset + offset, rows * 4);
  let at = 0;
  for (const entry of terms) {
    const size = entry.file.length;
    for (const [k, column] of [entry.file, entry.line, entry.count, entry.length].entries()) for (let i = 0; i < size; i += 1) columns[at + k * size + i] = column[i]!;
    at += size * 4;
  }
  return bytes;
}

/** The dictionary line of `term`, or null. */
export function findShardTerm(dictionary: string, term: string): ShardTerm | null {
  const key = `${term}\t`;
  let at = 0;
  if (!dictionary.startsWith(key)) {
    const found = dictionary.indexOf(`\n${key}`);
    if (found < 0) return null;
    at = found + 1;
  }
  const end = dictionary.indexOf("\n", at);
  const [, start = "", size = ""] = dictionary.slice(at, end < 0 ? dictionary.length : end).split("\t");
  const shardTerm = { term, start: Number(start), size: Number(size) };
  return Number.isInteger(shardTerm.start) && Number.isInteger(shardTerm.size) && shardTerm.start >= 0 && shardTerm.size >= 0 ? shardTerm : null;
}

/** A term's block (`size` rows, four columns) as a posting list, without copying it. */
export function blockPostings(block: Int32Array, size: number): PostingList {
  return { size, file: block.subarray(0, size), line: block.subarray(size, 2 * size), count: block.subarray(2 * size, 3 * size), length: block.subarray(3 * size, 4 * size) };
}
