import { createHash } from "node:crypto";

/**
 * An error's signature: the line that says what went wrong, with what varies between two
 * instances of the same error reduced to placeholders — paths (and the line:column after them),
 * numbers, hex, ids, quoted values — and punctuation dropped, so `src/a.ts(12,5): error TS2322:
 * Type 'string'…` and `src/b.ts:40:3 - error TS2322: Type 'Foo'…` are one signature.
 */
export interface ErrorSignature {
  /** Lower-case words and placeholders, one space apart. */
  signature: string;
  /** The first 16 hex digits of the signature's SHA-256: what an exact match compares. */
  hash: string;
  /** Every word of the text, stack frames aside, placeholders included: what a ranked match compares. */
  words: string[];
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;
const STACK_FRAME = /^\s*at\s+\S|^\s*❯\s|^\s*\d+\|/;
/** A line that names the failure rather than framing it. */
const ERROR_LINE = /(?:error|exception)\b|\b(?:err_[a-z_]+|ts\d{4}|cannot|can't|failed|failure|not found|undefined|null|denied|refused|timed? ?out|invalid|unexpected|missing|panic)\b/i;

const REPLACEMENTS: [RegExp, string][] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, " <url> "],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, " <id> "],
  [/(["'`])(?:(?!\1).){0,200}\1/g, " <q> "],
  [/(?:[A-Za-z]:)?(?:[\w.@~-]*[/\\])+[\w.@~-]+(?:[:(]\d+(?:[:,]\d+)?\)?)?/g, " <path> "],
  [/\b[\w.-]+\.(?:[cm]?[jt]sx?|json|py|go|rs|java|rb|php|vue|svelte|css|html?)\b(?:[:(]\d+(?:[:,]\d+)?\)?)?/gi, " <path> "],
  [/\b0x[0-9a-f]+\b/gi, " <hex> "],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, " <hex> "],
  [/\b\d+(?:\.\d+)*\b/g, " <n> "],
];

function words(line: string): string[] {
  let text = line;
  for (const [pattern, replacement] of REPLACEMENTS) text = text.replace(pattern, replacement);
  return (text.toLowerCase().match(/<[a-z]+>|[a-z][a-z0-9_]*/g) ?? []).filter((word, i, all) => !(word === "<n>" && all[i - 1] === "<path>"));
}

export function errorSignature(text: string): ErrorSignature {
  const lines = text
    .replace(ANSI, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !STACK_FRAME.test(line));
  const worded = lines.map(words).filter((w) => w.some((word) => !word.startsWith("<")));
  const chosen = lines.length === 0 ? [] : (worded.find((w) => ERROR_LINE.test(w.join(" "))) ?? worded[0] ?? []);
  const signature = chosen.join(" ");
  return { signature, hash: createHash("sha256").update(signature).digest("hex").slice(0, 16), words: worded.flat() };
}
