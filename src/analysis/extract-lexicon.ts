import { identifierTerms, termsOf } from "../core/brief/sub-words.js";
import type { DeclarationWords, SymbolRecord } from "../model.js";
import { ts, type TS } from "./compiler.js";

/** A generated file can hold a hundred thousand words: a declaration keeps its most frequent ones. */
const MAX_TERMS = 200;
const NAME_BOOST = 2;

/**
 * The words inside each declaration, from the compiler's scanner: the identifiers it uses, its
 * string and template texts, and its comments. Each word is credited to the innermost declaration
 * whose lines hold it; a comment ending on the line above a declaration, to that declaration (the
 * symbol index's lines leave doc comments out). Keywords and punctuation are not words here.
 */
export function extractLexicon(sourceFile: TS.SourceFile, symbols: readonly SymbolRecord[]): DeclarationWords[] {
  const owner = innermostOwners(sourceFile, symbols);
  const byLine = new Map<number, Map<string, number>>();
  const starts = new Set(symbols.map((symbol) => symbol.line));
  const lineAt = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  const credit = (position: number, terms: readonly string[], owned = owner[lineAt(position)] ?? 0): void => {
    if (terms.length === 0) return;
    const line = owned;
    let counts = byLine.get(line);
    if (!counts) byLine.set(line, (counts = new Map()));
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  };
  const variant = /\.[jt]sx$/.test(sourceFile.fileName) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, sourceFile.text);
  // Brace depths at which a template's `${` opened: its `}` resumes the template text, as the parser rescans it.
  const templates: number[] = [];
  let depth = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    switch (kind) {
      case ts.SyntaxKind.Identifier:
      case ts.SyntaxKind.PrivateIdentifier:
        credit(scanner.getTokenStart(), identifierTerms(scanner.getTokenText()));
        break;
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateTail:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.JsxText:
        credit(scanner.getTokenStart(), termsOf(scanner.getTokenValue()));
        if (kind === ts.SyntaxKind.TemplateMiddle) templates.push(depth);
        break;
      case ts.SyntaxKind.TemplateHead:
        credit(scanner.getTokenStart(), termsOf(scanner.getTokenValue()));
        templates.push(depth);
        break;
      case ts.SyntaxKind.SingleLineCommentTrivia:
      case ts.SyntaxKind.MultiLineCommentTrivia: {
        // A comment right above a declaration (its doc comment) is about that declaration.
        const next = lineAt(scanner.getTokenEnd()) + 1;
        credit(scanner.getTokenStart(), termsOf(scanner.getTokenText()), starts.has(next) ? next : undefined);
        break;
      }
      case ts.SyntaxKind.OpenBraceToken:
        depth += 1;
        break;
      case ts.SyntaxKind.CloseBraceToken:
        if (templates.length > 0 && templates[templates.length - 1] === depth) {
          templates.pop();
          const resumed = scanner.reScanTemplateToken(false);
          credit(scanner.getTokenStart(), termsOf(scanner.getTokenValue()));
          if (resumed === ts.SyntaxKind.TemplateMiddle) templates.push(depth);
        } else depth = Math.max(0, depth - 1);
        break;
      default:
        break;
    }
  }
  // A declaration is about its own name most of all: its words count twice more there.
  for (const symbol of symbols) {
    let counts = byLine.get(symbol.line);
    if (!counts) byLine.set(symbol.line, (counts = new Map()));
    for (const term of identifierTerms(symbol.name)) counts.set(term, (counts.get(term) ?? 0) + NAME_BOOST);
  }
  return [...byLine]
    .sort(([a], [b]) => a - b)
    .map(([line, counts]) => ({ line, terms: mostFrequent(counts) }));
}

/** For each 1-based line, the first line of the innermost declaration holding it (0: none). */
function innermostOwners(sourceFile: TS.SourceFile, symbols: readonly SymbolRecord[]): number[] {
  const owner = new Array<number>(sourceFile.getLineStarts().length + 2).fill(0);
  // Outer before inner: a declaration starting later, or as early but ending sooner, is nested.
  const ordered = [...symbols].sort((a, b) => a.line - b.line || b.endLine - a.endLine);
  for (const symbol of ordered) for (let line = symbol.line; line <= symbol.endLine && line < owner.length; line++) owner[line] = symbol.line;
  return owner;
}

function mostFrequent(counts: Map<string, number>): Map<string, number> {
  const entries = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(entries.slice(0, MAX_TERMS).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
