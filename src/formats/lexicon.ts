import type { DeclarationWords } from "../model.js";

/**
 * The lexicon's text formats (the store is .ai/.cache/lexicon/, see io/lexicon-store.ts).
 *
 * A file's field: its declarations separated by tabs, each `line term term:3 …` (terms in order, a
 * count of 1 unwritten). A postings line: `term<TAB>posting …`, each posting `file.line.count.length`
 * with `file` the file's number in paths.txt and `length` the declaration's total count.
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

/** The postings of `term` in a shard's text (none when the shard does not hold it), parsed by hand. */
export function findPostings(shard: string, term: string): PostingList {
  const key = `${term}\t`;
  let at = 0;
  if (!shard.startsWith(key)) {
    const found = shard.indexOf(`\n${key}`);
    if (found < 0) return postingList(0);
    at = found + 1;
  }
  const end = shard.indexOf("\n", at);
  const stop = end < 0 ? shard.length : end;
  let size = 1;
  for (let i = at + key.length; i < stop; i += 1) if (shard.charCodeAt(i) === 32) size += 1;
  const list = postingList(size);
  const columns = [list.file, list.line, list.count, list.length];
  let row = 0;
  let field = 0;
  let value = 0;
  for (let i = at + key.length; i <= stop; i += 1) {
    const code = i === stop ? 32 : shard.charCodeAt(i);
    if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else {
      columns[field]![row] = value;
      value = 0;
      if (code === 46) field += 1;
      else {
        row += 1;
        field = 0;
      }
    }
  }
  return list;
}
