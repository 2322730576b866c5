import type { RepoPath } from "../../model.js";

/** One declaration of a file, as the index or a fresh parse gives it. */
export interface Declaration {
  /** Qualified: `UsersService.findOne`. */
  name: string;
  kind: string;
  path: RepoPath;
  /** 1-based; decorators and modifiers included, the doc comment not (see docStart). */
  line: number;
  endLine: number;
  exported: boolean;
}

/**
 * The first line of the doc comment right above a declaration starting at `line` (1-based), or
 * `line` when it has none. Walks up over what the compiler would treat as the declaration's leading
 * trivia — blank lines, `//` lines, block comments — and returns the highest `/**` block among them,
 * as the compiler attaches every JSDoc block there. Stops at the first line holding code.
 */
export function docStart(lines: readonly string[], line: number): number {
  // A parameter property on the constructor's line: the doc comment above is the constructor's.
  if (/^(?:(?:public|private|protected)\s+)?constructor\s*\(/.test(lines[line - 1]?.trim() ?? "")) return line;
  let start = line;
  let at = line - 2;
  while (at >= 0) {
    const text = lines[at]!.trim();
    if (text === "" || text.startsWith("//")) {
      at -= 1;
      continue;
    }
    // Code before a comment on the same line is code.
    if (!text.endsWith("*/") || (text.includes("/*") && !text.startsWith("/*"))) break;
    // The block's first line: the nearest line above (or this one) that opens a comment.
    let open = at;
    while (open >= 0 && !lines[open]!.trim().startsWith("/*")) {
      if (open < at && lines[open]!.includes("*/")) return start;
      open -= 1;
    }
    if (open < 0) break;
    if (lines[open]!.trim().startsWith("/**") && !lines[open]!.trim().startsWith("/**/")) start = open + 1;
    at = open - 1;
  }
  return start;
}

/** The innermost declaration whose lines hold `line` (the shortest; the later one on a tie), or null. */
export function enclosingDeclaration<T extends Pick<Declaration, "line" | "endLine">>(declarations: readonly T[], line: number): T | null {
  let best: T | null = null;
  for (const declaration of declarations) {
    if (declaration.line > line || declaration.endLine < line) continue;
    if (!best || declaration.endLine - declaration.line < best.endLine - best.line || (declaration.endLine - declaration.line === best.endLine - best.line && declaration.line > best.line)) best = declaration;
  }
  return best;
}

/**
 * A declaration's first line of code, whitespace collapsed and cut to `width`: decorators and
 * annotations (`@Get()`, `@RequestMapping(…)`), attributes (`#[Route(…)]`, `#[derive(…)]`, C#'s
 * `[HttpGet]`) skipped, one written over several lines to where its brackets close.
 */
export function headLine(lines: readonly string[], declaration: Pick<Declaration, "line" | "endLine">, width: number): string {
  let at = declaration.line - 1;
  while (at < declaration.endLine - 1 && at < lines.length - 1 && ATTRIBUTE_START.test(lines[at]!.trim())) {
    let depth = 0;
    do {
      for (const char of lines[at]!) depth += char === "(" || char === "[" ? 1 : char === ")" || char === "]" ? -1 : 0;
      at += 1;
    } while (depth > 0 && at < declaration.endLine - 1 && at < lines.length - 1);
  }
  const text = (lines[at] ?? "").trim().replace(/\s+/g, " ");
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** A line that starts a decorator, an annotation or an attribute: `@x`, `#[x]`, and C#'s `[X]` (a whole line, unlike a computed member's `[key]() {`). */
const ATTRIBUTE_START = /^(?:@|#\[|\[[A-Za-z][\w.]*(?:\(|\]\s*(?:\/\/.*)?$|,))/;
