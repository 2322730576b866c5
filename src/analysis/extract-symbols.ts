import type { RepoPath, SymbolKind, SymbolRecord } from "../model.js";
import { hasModifier, lineOf, nameText, startAfterDecorators, ts } from "./compiler.js";

export const SIGNATURE_MAX = 160;

/** Declarations an agent may ask for: file-level, namespace-level and class-level, never locals inside bodies. */
export function extractSymbols(sourceFile: ts.SourceFile, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];

  const add = (
    name: string,
    kind: SymbolKind,
    container: string,
    exported: boolean,
    node: ts.Node,
    signatureEnd: number,
    signatureStart: ts.Node = node,
  ): void => {
    symbols.push({
      name,
      kind,
      container,
      exported,
      path,
      line: lineOf(sourceFile, node.getStart(sourceFile)),
      endLine: lineOf(sourceFile, node.getEnd()),
      signature: signatureOf(sourceFile, signatureStart, signatureEnd),
    });
  };

  const join = (container: string, name: string): string => (container ? `${container}.${name}` : name);

  const visitClass = (node: ts.ClassLikeDeclaration, className: string, container: string): void => {
    const inner = join(container, className);
    for (const member of node.members) {
      if (ts.isConstructorDeclaration(member)) {
        for (const parameter of member.parameters) {
          if (!ts.isParameterPropertyDeclaration(parameter, member)) continue;
          const name = nameText(parameter.name);
          if (name) add(name, "property", inner, !isPrivateMember(parameter), parameter, parameter.getEnd());
        }
        continue;
      }
      const name = nameText(member.name);
      if (!name) continue;
      const exported = !isPrivateMember(member);
      if (ts.isMethodDeclaration(member)) {
        add(name, "method", inner, exported, member, bodyStart(member.body, member));
      } else if (ts.isGetAccessorDeclaration(member)) {
        add(name, "getter", inner, exported, member, bodyStart(member.body, member));
      } else if (ts.isSetAccessorDeclaration(member)) {
        add(name, "setter", inner, exported, member, bodyStart(member.body, member));
      } else if (ts.isPropertyDeclaration(member)) {
        const fn = functionLike(member.initializer);
        add(name, fn ? "method" : "property", inner, exported, member, fn ? bodyStart(fn.body, member) : member.getEnd());
      }
    }
  };

  const visitStatements = (statements: readonly ts.Statement[], container: string): void => {
    for (const statement of statements) visitStatement(statement, container);
  };

  const visitStatement = (node: ts.Statement, container: string): void => {
    const exported = hasModifier(node, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(node, ts.SyntaxKind.DefaultKeyword);
    if (ts.isFunctionDeclaration(node)) {
      const name = nameText(node.name) ?? (isDefault ? "default" : undefined);
      if (name) add(name, "function", container, exported, node, bodyStart(node.body, node));
    } else if (ts.isClassDeclaration(node)) {
      const name = nameText(node.name) ?? (isDefault ? "default" : undefined);
      if (!name) return;
      add(name, "class", container, exported, node, membersStart(node));
      visitClass(node, name, container);
    } else if (ts.isInterfaceDeclaration(node)) {
      add(node.name.text, "interface", container, exported, node, membersStart(node));
    } else if (ts.isTypeAliasDeclaration(node)) {
      add(node.name.text, "type", container, exported, node, node.getEnd());
    } else if (ts.isEnumDeclaration(node)) {
      add(node.name.text, "enum", container, exported, node, membersStart(node));
    } else if (ts.isModuleDeclaration(node)) {
      visitModule(node, container, exported);
    } else if (ts.isVariableStatement(node)) {
      const isConst = (node.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of node.declarationList.declarations) {
        visitVariable(declaration, container, exported, isConst, node.declarationList.declarations.length === 1 ? node : declaration);
      }
    } else if (ts.isExportAssignment(node) && !node.isExportEquals) {
      add("default", "default", container, true, node, node.getEnd());
    }
  };

  const visitModule = (node: ts.ModuleDeclaration, container: string, exported: boolean): void => {
    // `declare global { … }` augments the global scope; it declares no namespace an agent could ask for.
    if ((node.flags & ts.NodeFlags.GlobalAugmentation) !== 0) return;
    const name = nameText(node.name);
    if (!name) return;
    add(name, "namespace", container, exported, node, node.body ? node.body.getStart(sourceFile) : node.getEnd());
    let body = node.body;
    let inner = join(container, name);
    // `namespace A.B.C {}` nests ModuleDeclarations; each is a namespace of its own.
    while (body && ts.isModuleDeclaration(body)) {
      const innerName = nameText(body.name);
      if (!innerName) return;
      add(innerName, "namespace", inner, true, body, body.body ? body.body.getStart(sourceFile) : body.getEnd());
      inner = join(inner, innerName);
      body = body.body;
    }
    if (body && ts.isModuleBlock(body)) visitStatements(body.statements, inner);
  };

  const visitVariable = (
    declaration: ts.VariableDeclaration,
    container: string,
    exported: boolean,
    isConst: boolean,
    // A lone declaration's signature starts at its `const`/`let`, so the agent sees how it is declared.
    statement: ts.Node,
  ): void => {
    const valueKind: SymbolKind = isConst ? "constant" : "variable";
    if (!ts.isIdentifier(declaration.name)) {
      for (const element of bindingNames(declaration.name)) {
        add(element.text, valueKind, container, exported, element, element.getEnd());
      }
      return;
    }
    const name = declaration.name.text;
    const initializer = unwrapExpression(declaration.initializer);
    const fn = functionLike(initializer);
    if (fn) {
      add(name, "function", container, exported, declaration, bodyStart(fn.body, declaration), statement);
    } else if (initializer && ts.isClassExpression(initializer)) {
      add(name, "class", container, exported, declaration, membersStart(initializer), statement);
      visitClass(initializer, name, container);
    } else {
      add(name, valueKind, container, exported, declaration, declaration.getEnd(), statement);
    }
  };

  visitStatements(sourceFile.statements, "");
  return symbols;
}

function isPrivateMember(node: ts.Node): boolean {
  if (hasModifier(node, ts.SyntaxKind.PrivateKeyword)) return true;
  const name = (node as { name?: ts.Node }).name;
  return name !== undefined && ts.isPrivateIdentifier(name);
}

function functionLike(node: ts.Expression | undefined): ts.ArrowFunction | ts.FunctionExpression | undefined {
  const inner = unwrapExpression(node);
  if (inner && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))) return inner;
  return undefined;
}

/** `(x)`, `x as T`, `x satisfies T`, `<T>x` and `x!` do not change what a declaration is. */
export function unwrapExpression(node: ts.Expression | undefined): ts.Expression | undefined {
  let current = node;
  while (
    current &&
    (ts.isParenthesizedExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isTypeAssertionExpression(current) ||
      ts.isNonNullExpression(current))
  ) {
    current = current.expression;
  }
  return current;
}

function bindingNames(pattern: ts.BindingName): ts.Identifier[] {
  if (ts.isIdentifier(pattern)) return [pattern];
  const names: ts.Identifier[] = [];
  for (const element of pattern.elements) {
    if (ts.isOmittedExpression(element)) continue;
    names.push(...bindingNames(element.name));
  }
  return names;
}

function bodyStart(body: ts.Node | undefined, node: ts.Node): number {
  // The body's full start is where the signature's text ends; trailing trivia is trimmed by oneLine.
  return body ? body.pos : node.getEnd();
}

function membersStart(node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration | ts.EnumDeclaration): number {
  // The members list begins right after `{`; the signature is everything before that brace.
  return node.members.pos - 1;
}

function signatureOf(sourceFile: ts.SourceFile, anchor: ts.Node, end: number): string {
  const start = startAfterDecorators(anchor, sourceFile);
  // Collapsing whitespace is linear in the text; a long initializer is cut long before that matters.
  const raw = sourceFile.text.slice(start, Math.min(Math.max(start, end), start + SIGNATURE_MAX * 4));
  return oneLine(raw);
}

export function oneLine(text: string, max = SIGNATURE_MAX): string {
  const collapsed = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*[{=]>?\s*$/, (match) => (match.includes("=>") ? " =>" : ""))
    .replace(/\s*;$/, "")
    .trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}
