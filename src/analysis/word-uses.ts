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
  if ((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isQualifiedName(parent) && parent.right === node)) return "member";
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
