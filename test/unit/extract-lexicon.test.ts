import { describe, expect, it } from "vitest";
import { parseSource } from "../../src/analysis/compiler.js";
import { extractLexicon } from "../../src/analysis/extract-lexicon.js";
import { extractSymbols } from "../../src/analysis/extract-symbols.js";
import { blockPostings, blocksOffset, findShardTerm, parseLexiconField, renderLexiconField, renderShard } from "../../src/formats/lexicon.js";

function wordsOf(path: string, text: string): Record<number, Record<string, number>> {
  const source = parseSource(path, text);
  const words = extractLexicon(source, extractSymbols(source, path));
  return Object.fromEntries(words.map(({ line, terms }) => [line, Object.fromEntries(terms)]));
}

describe("extractLexicon", () => {
  it("credits each word to the innermost declaration holding it, a doc comment to the declaration below it", () => {
    const words = wordsOf(
      "src/invoice.ts",
      [
        'import { send } from "./mail";', // 1: outside every declaration
        "export class InvoiceMailer {", // 2
        "  /** Reminds the customer. */", // 3
        "  remind(total: number): void {", // 4
        '    send(`overdue by ${total} days, amount ${total} due`, "reminder");', // 5
        "  }", // 6
        "  // archived copies", // 7: inside the class, above nothing
        "", // 8
        "}", // 9
      ].join("\n"),
    );
    expect(words[0]).toEqual({ mail: 1, send: 1 });
    expect(words[4]).toEqual({ remind: 5, custom: 1, send: 1, overdu: 1, dai: 1, amount: 1, due: 1, total: 3 });
    expect(words[2]).toEqual({ invoic: 3, mailer: 3, archiv: 1, copi: 1 });
  });

  it("reads template texts after a substitution, JSX text and strings, but no keyword", () => {
    const words = wordsOf("src/banner.tsx", 'export function Banner() {\n  const when = `${"x"} expires soon`;\n  return <p title="renewal">Subscription {when} ended</p>;\n}\n');
    expect(Object.keys(words[1]!).sort()).toEqual(["banner", "end", "expir", "p", "renew", "soon", "subscript", "titl", "when", "x"].filter((term) => term.length > 1).sort());
  });

  it("round-trips through the lexicon's text field", () => {
    const source = parseSource("src/a.ts", "export function a(): string {\n  return 'alpha beta beta';\n}\n");
    const words = extractLexicon(source, extractSymbols(source, "src/a.ts"));
    expect(parseLexiconField(renderLexiconField(words))).toEqual(words.map(({ line, terms }) => ({ line, terms: [...terms] })));
  });
});

describe("lexicon shards", () => {
  const postingsOf = (bytes: Buffer, term: string): number[][] | null => {
    const dictionaryBytes = bytes.readUInt32LE(0);
    const found = findShardTerm(bytes.toString("utf8", 4, 4 + dictionaryBytes), term);
    if (!found) return null;
    const from = blocksOffset(dictionaryBytes) + found.start * 16;
    const block = new Int32Array(bytes.buffer.slice(bytes.byteOffset + from, bytes.byteOffset + from + found.size * 16));
    const list = blockPostings(block, found.size);
    return Array.from({ length: list.size }, (_, i) => [list.file[i]!, list.line[i]!, list.count[i]!, list.length[i]!]);
  };

  it("reads back each term's postings in the order written, and nothing for a term it does not hold", () => {
    const bytes = renderShard([
      { term: "invoic", file: [0, 0, 3], line: [2, 9, 1], count: [1, 4, 2], length: [10, 40, 7] },
      { term: "pai", file: [5], line: [12], count: [3], length: [30] },
    ]);
    expect(postingsOf(bytes, "invoic")).toEqual([
      [0, 2, 1, 10],
      [0, 9, 4, 40],
      [3, 1, 2, 7],
    ]);
    expect(postingsOf(bytes, "pai")).toEqual([[5, 12, 3, 30]]);
    // A prefix of a term is not the term.
    expect(postingsOf(bytes, "invo")).toBeNull();
    expect(postingsOf(renderShard([]), "pai")).toBeNull();
  });
});
