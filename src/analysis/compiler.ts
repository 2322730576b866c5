// NOTE: the only module that loads the TypeScript compiler. Everything in analysis/ takes `ts` (and its
// types, `TS`) from here, so the compiler, the largest module ctx loads, is paid for only by commands
// that parse. It is required, not imported: imported into an ES module, Node would first scan its
// nine megabytes for named exports, which costs as much again as compiling it.
import { createRequire } from "node:module";
import type * as TS from "typescript";
import { enableCompileCache } from "../io/compile-cache.js";

const require = createRequire(import.meta.url);
enableCompileCache(require.resolve("typescript"));
export const ts = require("typescript") as typeof TS;
export type { TS };

const SCRIPT_KINDS: Record<string, TS.ScriptKind> = {
  ".ts": ts.ScriptKind.TS,
  ".mts": ts.ScriptKind.TS,
  ".cts": ts.ScriptKind.TS,
  ".tsx": ts.ScriptKind.TSX,
  ".js": ts.ScriptKind.JS,
  ".mjs": ts.ScriptKind.JS,
  ".cjs": ts.ScriptKind.JS,
  ".jsx": ts.ScriptKind.JSX,
};

export function parseSource(path: string, text: string): TS.SourceFile {
  const extension = path.slice(path.lastIndexOf("."));
  const kind = SCRIPT_KINDS[extension] ?? ts.ScriptKind.TS;
  // NOTE: no parent pointers (setParentNodes false) — setting them costs time and memory on every
  // file; the extractors therefore pass the source file to getStart/getText and never read `.parent`.
  // JSDoc is never read by the extractors; skipping its parse saves a tenth of the time on documented code.
  const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  return ts.createSourceFile(path, text, options, false, kind);
}

export function lineOf(sourceFile: TS.SourceFile, position: number): number {
  return sourceFile.getLineAndCharacterOfPosition(position).line + 1;
}

export function hasModifier(node: TS.Node, kind: TS.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === kind) ?? false);
}

/** Start of a declaration without its decorators (they are noise in a one-line signature). */
export function startAfterDecorators(node: TS.Node, sourceFile: TS.SourceFile): number {
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  const last = decorators?.[decorators.length - 1];
  if (!last) return node.getStart(sourceFile);
  const trivia = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/.exec(sourceFile.text.slice(last.end, node.getEnd()));
  return last.end + (trivia?.[0].length ?? 0);
}

/** Text of a name node as the user wrote it: identifiers, private names, string and numeric literal names. */
export function nameText(name: TS.Node | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return undefined;
  return undefined;
}
