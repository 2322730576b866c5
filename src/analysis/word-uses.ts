import type { WordUse } from "../core/traverse/mention-account.js";
import { parseSource, ts, type TS } from "./compiler.js";

/** Uses that say the most about the code, first: one line holding several is said as the first. */
const PRECEDENCE: readonly WordUse[] = ["use", "member", "local", "declaration", "type", "import", "export", "text"];

/** The use of `word` on each of `lines` (1-based) of a file's text. */
export function wordUses(path: string, text: string, word: string, lines: ReadonlySet<number>): Map<number, WordUse> {
  const sourceFile = parseSource(path, text);
  const found = new Map<number, WordUse>();
  const note = (line: number, use: WordUse): void => {
    const known = found.get(line);
    if (known === undefined || PRECEDENCE.indexOf(use) < PRECEDENCE.indexOf(known)) found.set(line, use);
  };
  // Functions that declare a local (a parameter, a variable) of that name: inside them, the name is
  // that local, not what the file imports or declares at its top.
  const shadowing: [number, number][] = [];
  // Parents are passed down: parsed files carry no parent pointers.
  const visit = (node: TS.Node, parent: TS.Node | undefined, inType: boolean, fn: TS.Node | undefined, pass: 1 | 2): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === word && parent) {
      if (pass === 1) {
        if (fn && (parent as { name?: TS.Node }).name === node && (ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent) || ts.isFunctionDeclaration(parent))) shadowing.push([fn.pos, fn.end]);
      } else {
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        const at = node.pos;
        const local = shadowing.some(([from, to]) => at >= from && at < to);
        if (lines.has(line)) note(line, useOf(node, parent, inType, local));
      }
    }
    const childInType = inType || (node.kind >= ts.SyntaxKind.FirstTypeNode && node.kind <= ts.SyntaxKind.LastTypeNode) || ts.isHeritageClause(node);
    const childFn = ts.isFunctionLike(node) ? node : fn;
    ts.forEachChild(node, (child) => visit(child, node, childInType, childFn, pass));
  };
  visit(sourceFile, undefined, false, undefined, 1);
  visit(sourceFile, undefined, false, undefined, 2);
  // A line the word is on but no identifier of it: a comment, a string, JSX text.
  for (const line of lines) if (!found.has(line)) found.set(line, "text");
  return found;
}

function useOf(node: TS.Node, parent: TS.Node, inType: boolean, local: boolean): WordUse {
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent) || ts.isImportEqualsDeclaration(parent)) return "import";
  if (ts.isExportSpecifier(parent) || ts.isExportAssignment(parent)) return "export";
  if ((parent as { name?: TS.Node }).name === node && (ts.isDeclarationStatement(parent) || isMemberOrBinding(parent))) return "declaration";
  if (inType) return "type";
  // `x.checksum` not listed as a site: a member of that name of something else.
  // `{ run: start } = x` reads x's member run, as `x.run` does.
  if ((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isQualifiedName(parent) && parent.right === node) || (ts.isBindingElement(parent) && parent.propertyName === node)) return "member";
  return local ? "local" : "use";
}

function isMemberOrBinding(node: TS.Node): boolean {
  return (
    ts.isClassElement(node) ||
    ts.isTypeElement(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isEnumMember(node) ||
    ts.isFunctionExpression(node) ||
    ts.isClassExpression(node)
  );
}

/** What a scan, without a parse, tells of a line naming the word; `code` is what only the compiler can tell apart. */
export type ScannedUse = Extract<WordUse, "import" | "export" | "declaration" | "member" | "text"> | "code";

/** Uses a scan can tell, most telling first, as PRECEDENCE orders the compiler's. */
const SCANNED_PRECEDENCE: readonly ScannedUse[] = ["code", "member", "declaration", "import", "export", "text"];

const DECLARING = new Set(["function", "class", "interface", "enum", "const", "let", "var", "type", "namespace", "module", "def", "func"]);

/**
 * The use of `word` on each of `lines` by its tokens alone, for files past what one answer may parse:
 * in comments and strings only (text), after `import` (import), in `export { … }` (export), after a
 * declaring keyword (declaration), after a dot (member); anything else in code is `code`. Python's
 * comments and strings are told apart by its own rules; other languages by the TypeScript scanner.
 */
export function scanWordUses(path: string, text: string, word: string, lines: ReadonlySet<number>): Map<number, ScannedUse> {
  const found = new Map<number, ScannedUse>();
  const note = (line: number, use: ScannedUse): void => {
    if (!lines.has(line)) return;
    const known = found.get(line);
    if (known === undefined || SCANNED_PRECEDENCE.indexOf(use) < SCANNED_PRECEDENCE.indexOf(known)) found.set(line, use);
  };
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  const lineAt = (position: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const pattern = new RegExp(`(?<![\\w$])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`, "g");
  const textSpan = (start: number, end: number): void => {
    const first = text.indexOf(word, start);
    if (first === -1 || first >= end) return;
    for (const match of text.slice(start, end).matchAll(pattern)) note(lineAt(start + match.index), "text");
  };
  if (path.endsWith(".py")) scanPython(text, word, textSpan, (position, use) => note(lineAt(position), use));
  else scanWithTypeScript(path, text, word, textSpan, (position, use) => note(lineAt(position), use));
  for (const line of lines) if (!found.has(line)) found.set(line, "code");
  return found;
}

function scanWithTypeScript(path: string, text: string, word: string, textSpan: (start: number, end: number) => void, identifier: (position: number, use: ScannedUse) => void): void {
  const variant = /\.[jt]sx$/.test(path) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  const K = ts.SyntaxKind;
  // Brace depths at which a template's `${` opened: its `}` resumes the template text, as the parser rescans it.
  const templates: number[] = [];
  let depth = 0;
  let previous: TS.SyntaxKind = K.Unknown;
  let previousText = "";
  // Inside `import … from "x"` (up to its string) and `export { … }` (up to its brace).
  let statement: "import" | "export" | null = null;
  let exportBraces = false;
  let lineStart = true;
  const endsExpression = (kind: TS.SyntaxKind): boolean =>
    kind === K.Identifier || kind === K.CloseParenToken || kind === K.CloseBracketToken || kind === K.CloseBraceToken || kind === K.ThisKeyword || kind === K.SuperKeyword || (kind >= K.FirstLiteralToken && kind <= K.LastLiteralToken);
  for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
    if (kind === K.NewLineTrivia) {
      lineStart = true;
      continue;
    }
    if (kind === K.WhitespaceTrivia) continue;
    const start = scanner.getTokenStart();
    if ((kind === K.SlashToken || kind === K.SlashEqualsToken) && !endsExpression(previous)) kind = scanner.reScanSlashToken();
    if (kind === K.CloseBraceToken && templates.length > 0 && templates[templates.length - 1] === depth) {
      templates.pop();
      kind = scanner.reScanTemplateToken(false);
      if (kind === K.TemplateMiddle) templates.push(depth);
    }
    const tokenText = scanner.getTokenText();
    switch (kind) {
      case K.SingleLineCommentTrivia:
      case K.MultiLineCommentTrivia:
      case K.StringLiteral:
      case K.NoSubstitutionTemplateLiteral:
      case K.TemplateHead:
      case K.TemplateMiddle:
      case K.TemplateTail:
      case K.RegularExpressionLiteral:
        textSpan(start, scanner.getTokenEnd());
        if (kind === K.TemplateHead) templates.push(depth);
        if (kind === K.StringLiteral && statement === "import") statement = null;
        break;
      case K.Identifier:
      case K.PrivateIdentifier:
        if (tokenText === word) {
          const use: ScannedUse =
            kind === K.PrivateIdentifier || previous === K.DotToken || previous === K.QuestionDotToken ? "member"
            : statement === "import" ? "import"
            : statement === "export" && exportBraces ? "export"
            : DECLARING.has(previousText) ? "declaration"
            : "code";
          identifier(start, use);
        }
        break;
      case K.OpenBraceToken:
        depth += 1;
        if (statement === "export" && (previous === K.ExportKeyword || previous === K.TypeKeyword)) exportBraces = true;
        break;
      case K.CloseBraceToken:
        depth = Math.max(0, depth - 1);
        if (statement === "export") statement = null;
        break;
      case K.SemicolonToken:
        statement = null;
        break;
      default:
        break;
    }
    if (kind === K.SingleLineCommentTrivia || kind === K.MultiLineCommentTrivia) continue;
    // `import x from "y"` and `export { x }` open at the start of a line; `import("y")` does not.
    if (lineStart && (kind === K.ImportKeyword || kind === K.ExportKeyword)) {
      statement = kind === K.ImportKeyword ? "import" : "export";
      exportBraces = false;
    } else if (statement === "import" && previous === K.ImportKeyword && kind === K.OpenParenToken) statement = null;
    else if (statement === "export" && previous === K.ExportKeyword && kind !== K.OpenBraceToken && kind !== K.TypeKeyword) statement = null;
    previous = kind;
    previousText = tokenText;
    lineStart = false;
  }
}

/** Python's comments (`#`) and strings (quoted, triple-quoted, across lines) are text; `import`/`from` lines, `def`/`class` names and `.x` are told apart. */
function scanPython(text: string, word: string, textSpan: (start: number, end: number) => void, identifier: (position: number, use: ScannedUse) => void): void {
  let at = 0;
  let lineStart = 0;
  let lineImports = /^\s*(?:import|from)\s/.test(text.slice(0, 16));
  while (at < text.length) {
    const char = text[at]!;
    if (char === "\n") {
      at += 1;
      lineStart = at;
      lineImports = /^\s*(?:import|from)\s/.test(text.slice(lineStart, lineStart + 16));
      continue;
    }
    if (char === "#") {
      const end = text.indexOf("\n", at);
      textSpan(at, end === -1 ? text.length : end);
      at = end === -1 ? text.length : end;
      continue;
    }
    if (char === '"' || char === "'") {
      const quote = text.startsWith(char.repeat(3), at) ? char.repeat(3) : char;
      let end = at + quote.length;
      while (end < text.length && !text.startsWith(quote, end) && (quote.length === 3 || text[end] !== "\n")) end += text[end] === "\\" ? 2 : 1;
      end = Math.min(text.length, end + (text.startsWith(quote, end) ? quote.length : 0));
      textSpan(at, end);
      at = end;
      continue;
    }
    if (/[A-Za-z_]/.test(char) && (at === 0 || !/[\w$]/.test(text[at - 1]!))) {
      const name = /^\w+/.exec(text.slice(at, at + 256))![0];
      if (name === word) {
        const before = text.slice(lineStart, at);
        identifier(at, /\.\s*$/.test(before) ? "member" : lineImports ? "import" : /(?:^|\s)(?:def|class)\s+$/.test(before) ? "declaration" : "code");
      }
      at += name.length;
      continue;
    }
    at += 1;
  }
}
