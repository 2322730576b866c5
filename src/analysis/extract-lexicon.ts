import { identifierTerms, termsOf } from "../core/brief/sub-words.js";
import type { DeclarationWords, SymbolRecord } from "../model.js";
import { ts, type TS } from "./compiler.js";
import { DeclarationWordsBuilder } from "./declaration-words.js";

/**
 * The words inside each declaration, from the compiler's scanner: the identifiers it uses, its
 * string and template texts, and its comments (declaration-words.ts credits them). Keywords and
 * punctuation are not words here.
 */
export function extractLexicon(sourceFile: TS.SourceFile, symbols: readonly SymbolRecord[]): DeclarationWords[] {
  const words = new DeclarationWordsBuilder(sourceFile.getLineStarts().length, symbols);
  const lineAt = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  const credit = (position: number, terms: readonly string[]): void => words.credit(lineAt(position), terms);
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
        words.creditComment(lineAt(scanner.getTokenStart()), lineAt(scanner.getTokenEnd()), termsOf(scanner.getTokenText()));
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
  return words.finish();
}
