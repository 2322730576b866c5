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

/** One declaration's evidence for a term. */
export interface Posting {
  file: number;
  line: number;
  count: number;
  /** All of the declaration's term counts: the document length BM25 normalises by. */
  length: number;
}

/** The postings of `term` in a shard's text, or [] when the shard does not hold it. Parsed by hand: a common term has tens of thousands. */
export function findPostings(shard: string, term: string): Posting[] {
  const key = `${term}\t`;
  let at = 0;
  if (!shard.startsWith(key)) {
    const found = shard.indexOf(`\n${key}`);
    if (found < 0) return [];
    at = found + 1;
  }
  const postings: Posting[] = [];
  const end = shard.indexOf("\n", at);
  const stop = end < 0 ? shard.length : end;
  const fields = [0, 0, 0, 0];
  let field = 0;
  let value = 0;
  for (let i = at + key.length; i <= stop; i += 1) {
    const code = i === stop ? 32 : shard.charCodeAt(i);
    if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else {
      fields[field] = value;
      value = 0;
      if (code === 46) field += 1;
      else {
        postings.push({ file: fields[0]!, line: fields[1]!, count: fields[2]!, length: fields[3]! });
        field = 0;
      }
    }
  }
  return postings;
}
