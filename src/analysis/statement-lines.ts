import type { RepoPath } from "../model.js";
import type { TS } from "./compiler.js";
import { endLine, grammarLoading, grammarOf, MAX_NESTING, parseTree, startLine, type SyntaxNode } from "./tree-sitter.js";

/** Lines of a piece of code, 1-based and inclusive. */
export interface LineSpan {
  line: number;
  endLine: number;
}

/**
 * The outermost piece of code that starts on `line` (its first token, not a comment above it):
 * for a route registration's line, the whole statement with its inline handler
 * (`app.get("/x", (c) => { … })`), however many lines it takes. Null when nothing starts there.
 * The compiler, or the file's tree-sitter grammar, is loaded only when this is called.
 */
export async function statementLines(path: RepoPath, text: string, line: number): Promise<LineSpan | null> {
  const grammar = grammarOf(path);
  if (!grammar) {
    const { parseSource } = await import("./compiler.js");
    return compilerStatement(parseSource(path, text), line);
  }
  await grammarLoading(grammar);
  const tree = parseTree(grammar, text);
  try {
    return treeStatement(tree.rootNode, line);
  } finally {
    tree.delete();
  }
}

function compilerStatement(sourceFile: TS.SourceFile, line: number): LineSpan | null {
  const lineAt = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  let found: LineSpan | null = null;
  let depth = 0;
  // Down the nodes that hold the line, to the first that starts on it.
  const visit = (node: TS.Node): void => {
    if (found || depth >= MAX_NESTING) return;
    const start = lineAt(node.getStart(sourceFile));
    const end = lineAt(node.getEnd());
    if (start > line || end < line) return;
    if (start === line) {
      found = { line, endLine: end };
      return;
    }
    depth += 1;
    node.forEachChild(visit);
    depth -= 1;
  };
  sourceFile.forEachChild(visit);
  return found;
}

function treeStatement(root: SyntaxNode, line: number): LineSpan | null {
  let node: SyntaxNode | null = root;
  for (let depth = 0; node && depth < MAX_NESTING; depth += 1) {
    const holder: SyntaxNode | undefined = node.namedChildren.find((child) => child !== null && startLine(child) <= line && endLine(child) >= line) ?? undefined;
    if (!holder) return null;
    if (startLine(holder) === line) return { line, endLine: endLine(holder) };
    node = holder;
  }
  return null;
}
