import { createHash } from "node:crypto";

/**
 * An error's signature: the line that says what went wrong, with only what varies between two runs
 * of the same fault reduced to placeholders — numbers (and the line:column after a path), hex
 * addresses and hashes, ids, timestamps, URLs, temporary paths and the folders a path sits in —
 * and punctuation dropped. Identifiers and quoted names stay: `(reading 'x')` and `(reading 'y')`
 * are two faults. Their `shape`, with quoted values and files masked, is what a `similar` match compares.
 */
export interface ErrorSignature {
  /** Lower-case words and placeholders, one space apart. */
  signature: string;
  /** The first 16 hex digits of the signature's SHA-256: what an exact match compares. */
  hash: string;
  /** The signature with every quoted value as `<q>` and file name as `<path>`: errors of one shape differ only in those. */
  shape: string;
  /** The file names and the quoted values of the signature's line, in order (as the signature reads them). */
  files: string[];
  quoted: string[];
  /** Every word of the text, stack frames aside, placeholders included: what a ranked match compares. */
  words: string[];
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;
const STACK_FRAME = /^\s*at\s+\S|^\s*❯\s|^\s*\d+\|/;
/** A line that names the failure rather than framing it. */
const ERROR_LINE = /(?:error|exception)\b|\b(?:err_[a-z_]+|ts\d{4}|cannot|can't|failed|failure|not found|undefined|null|denied|refused|timed? ?out|invalid|unexpected|missing|panic)\b/i;
const QUOTED = /(["'`])((?:(?!\1).){0,200})\1/g;
const TEMP_DIRECTORY = /^(?:\/tmp\/|\/var\/tmp\/|\/var\/folders\/|\/private\/var\/|[A-Za-z]:\\(?:Windows\\Temp|Users\\[^\\]+\\AppData\\Local\\Temp)\\)/i;

/** Marks a file name in a normalized line, so that a shape can mask it. */
// eslint-disable-next-line no-control-regex
const FILE = /\u0001([^\u0001]*)\u0001/g;

/** A path as a signature keeps it: its file name (the folders differ between machines and clones), or `<tmp>`. */
const pathWord = (path: string): string => {
  if (TEMP_DIRECTORY.test(path)) return " <tmp> ";
  const bare = path.replace(/[:(]\d+(?:[:,]\d+)?\)?$/, "");
  return ` \u0001${bare.slice(Math.max(bare.lastIndexOf("/"), bare.lastIndexOf("\\")) + 1)}\u0001 `;
};

const REPLACEMENTS: [RegExp, string | ((match: string) => string)][] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, " <url> "],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, " <id> "],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g, " <time> "],
  [/(?:[A-Za-z]:)?(?:[\w.@~-]*[/\\])+[\w.@~-]+(?:[:(]\d+(?:[:,]\d+)?\)?)?/g, pathWord],
  // eslint-disable-next-line no-control-regex
  [/(?<!\u0001)\b[\w.-]+\.(?:[cm]?[jt]sx?|json|py|go|rs|java|rb|php|vue|svelte|css|html?)\b(?:[:(]\d+(?:[:,]\d+)?\)?)?/gi, pathWord],
  [/\b0x[0-9a-f]+\b/gi, " <hex> "],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, " <hex> "],
  [/\b\d+(?:\.\d+)*\b/g, " <n> "],
];

function normalize(line: string): string {
  let text = line;
  for (const [pattern, replacement] of REPLACEMENTS) text = text.replace(pattern, replacement as string);
  return text;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/<[a-z]+>|[a-z][a-z0-9_]*/g) ?? [];
}

export function errorSignature(text: string): ErrorSignature {
  const lines = text
    .replace(ANSI, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !STACK_FRAME.test(line))
    .map((line) => {
      const normalized = normalize(line);
      const plain = normalized.replace(FILE, "$1");
      return {
        words: words(plain),
        shape: words(normalized.replace(FILE, " <path> ").replace(QUOTED, " <q> ")),
        files: [...normalized.matchAll(FILE)].map((match) => match[1]!),
        quoted: [...plain.matchAll(QUOTED)].map((match) => words(match[2]!).join(" ")),
      };
    })
    .filter((line) => line.words.some((word) => !word.startsWith("<")));
  const chosen = lines.find((line) => ERROR_LINE.test(line.words.join(" "))) ?? lines[0];
  const signature = chosen?.words.join(" ") ?? "";
  return {
    signature,
    hash: createHash("sha256").update(signature).digest("hex").slice(0, 16),
    shape: chosen?.shape.join(" ") ?? "",
    files: chosen?.files ?? [],
    quoted: chosen?.quoted ?? [],
    words: lines.flatMap((line) => line.words),
  };
}
