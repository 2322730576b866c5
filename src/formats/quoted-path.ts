import { FormatError } from "../errors.js";

/*
 * Paths as every .ai/ file writes them: as they are, unless they hold a byte that would break a
 * line-based format — a control character (a newline ends a Markdown row, a tab a TSV field),
 * DEL, `"` or `\` — in which case they are C-quoted the way git quotes them (core.quotePath):
 * `"b\r.ts"`, with \a \b \t \n \v \f \r \" \\ and \ooo for the other control bytes. Non-ASCII
 * stays as it is (git's core.quotePath=false): it breaks nothing and a reader can read it.
 */

// eslint-disable-next-line no-control-regex
const NEEDS_QUOTING = /[\u0000-\u001f\u007f"\\]/;
const NAMED: Record<string, string> = { "\u0007": "a", "\b": "b", "\t": "t", "\n": "n", "\u000b": "v", "\f": "f", "\r": "r", '"': '"', "\\": "\\" };
const UNNAMED = Object.fromEntries(Object.entries(NAMED).map(([char, name]) => [name, char]));

export function quotePath(path: string): string {
  if (!NEEDS_QUOTING.test(path)) return path;
  let quoted = '"';
  for (const char of path) {
    const name = NAMED[char];
    if (name !== undefined) quoted += `\\${name}`;
    else if (char < " " || char === "\u007f") quoted += `\\${char.charCodeAt(0).toString(8).padStart(3, "0")}`;
    else quoted += char;
  }
  return `${quoted}"`;
}

/** The path a quoted (or plain) path stands for; `where` names the file and line for an error. */
export function unquotePath(text: string, where: { file: string; line: number }): string {
  if (!text.startsWith('"')) return text;
  if (text.length < 2 || !text.endsWith('"')) throw new FormatError(where.file, where.line, `a quoted path must end with a quote: ${text}`);
  let path = "";
  for (let i = 1; i < text.length - 1; i += 1) {
    const char = text[i]!;
    if (char !== "\\") {
      path += char;
      continue;
    }
    const next = text[i + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(text.slice(i + 1, i + 4));
    if (octal) {
      path += String.fromCharCode(parseInt(octal[0], 8));
      i += 3;
    } else if (UNNAMED[next] !== undefined && i + 1 < text.length - 1) {
      path += UNNAMED[next];
      i += 1;
    } else {
      throw new FormatError(where.file, where.line, `unknown escape \\${next} in the quoted path ${text}`);
    }
  }
  return path;
}
