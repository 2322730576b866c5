import { estimateTokens } from "../brief/estimate-tokens.js";
import { docStart, type Declaration } from "./declaration-lines.js";

/** A declaration's source as `ctx show` prints it: from its doc comment to its last line, within a budget. */
export interface Excerpt {
  /** First line shown (the doc comment's, when it has one) and the declaration's last line; 1-based. */
  start: number;
  end: number;
  /** The lines that fit, from `start` on. */
  text: string[];
  /** Lines left out at the end. */
  more: number;
  /** Tokens the whole declaration takes: the budget that shows all of it. */
  tokens: number;
}

/** The line as printed: its number, a tab, the source (as `cat -n` does, unpadded: padding costs tokens). */
export const numbered = (number: number, text: string): string => `${number}\t${text}`;

/**
 * The declaration's lines, cut when the next one would pass `budget` tokens (at least one line is
 * always shown); `budget` 0 means no limit. The file's text is what was read now, never the index's.
 */
export function excerpt(lines: readonly string[], declaration: Pick<Declaration, "line" | "endLine">, budget: number): Excerpt {
  const start = docStart(lines, declaration.line);
  const end = Math.min(declaration.endLine, lines.length);
  const text: string[] = [];
  let tokens = 0;
  let cut = false;
  for (let line = start; line <= end; line += 1) {
    tokens += estimateTokens(numbered(line, lines[line - 1]!)) + 1;
    cut ||= budget > 0 && text.length > 0 && tokens > budget;
    if (!cut) text.push(lines[line - 1]!);
  }
  return { start, end, text, more: end - start + 1 - text.length, tokens };
}
