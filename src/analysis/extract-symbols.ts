import { MODULE_EXPORTS, type RepoPath, type SymbolKind, type SymbolRecord } from "../model.js";
import { commonjsExport, requiredBinding, requiredImports } from "./commonjs.js";
import { hasModifier, lineOf, nameText, startAfterDecorators, ts, type TS } from "./compiler.js";
import { oneLine, SIGNATURE_MAX } from "./one-line.js";
import { hiddenLiterals } from "./secret-literals.js";

/** Declarations an agent may ask for: file-level, namespace-level and class-level, never locals inside bodies. */
export function extractSymbols(sourceFile: TS.SourceFile, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];

  const add = (
    name: string,
    kind: SymbolKind,
    container: string,
    exported: boolean,
    node: TS.Node,
    signatureEnd: number,
    signatureStart: TS.Node = node,
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

  /** One row for an overload group: at the implementation (else the first signature), showing the first signature. */
  const addOverloaded = (
    name: string,
    kind: SymbolKind,
    container: string,
    exported: boolean,
    group: readonly (TS.FunctionDeclaration | TS.MethodDeclaration)[],
  ): void => {
    const first = group[0]!;
    const representative = group.find((node) => node.body) ?? first;
    add(name, kind, container, exported, representative, bodyStart(first.body, first), first);
    const overloads = group.filter((node) => !node.body).length;
    if (group.length > 1) symbols[symbols.length - 1]!.signature = oneLine(`${symbols[symbols.length - 1]!.signature} (${overloads} overloads)`, SIGNATURE_MAX + 16);
  };

  const join = (container: string, name: string): string => (container ? `${container}.${name}` : name);

  const visitClass = (node: TS.ClassLikeDeclaration, className: string, container: string): void => {
    const inner = join(container, className);
    const groups = overloadGroups(node.members, (member) => (ts.isMethodDeclaration(member) ? nameText(member.name) : undefined));
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
        const group = groups.get(member);
        if (group) addOverloaded(name, "method", inner, exported, group);
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

  const visitStatements = (statements: readonly TS.Statement[], container: string): void => {
    const groups = overloadGroups(statements, (statement) => (ts.isFunctionDeclaration(statement) ? nameText(statement.name) : undefined));
    for (const statement of statements) visitStatement(statement, container, groups);
  };

  const visitStatement = (node: TS.Statement, container: string, groups: OverloadGroups): void => {
    const exported = hasModifier(node, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(node, ts.SyntaxKind.DefaultKeyword);
    if (ts.isFunctionDeclaration(node)) {
      const name = nameText(node.name);
      if (name) {
        const group = groups.get(node);
        if (group) addOverloaded(name, "function", container, exported, group as TS.FunctionDeclaration[]);
      } else if (isDefault) {
        add("default", "function", container, exported, node, bodyStart(node.body, node));
      }
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
    } else if (container === "") {
      // `exports.parse = function (…) {…}`: a function (or class) declared by the name it is exported as.
      const exported = commonjsExport(node);
      if (exported?.name === MODULE_EXPORTS) {
        visitModuleExports(unwrapExpression(exported.value), node, container);
        return;
      }
      const value = exported ? unwrapExpression(exported.value) : undefined;
      const fn = functionLike(value);
      if (fn) add(exported!.name, "function", container, true, node, bodyStart(fn.body, node));
      else if (value && ts.isClassExpression(value)) {
        add(exported!.name, "class", container, true, node, membersStart(value));
        visitClass(value, exported!.name, container);
      }
    }
  };

  /**
   * `module.exports = function render() {}` or `= class Store {}`: declared by its own name;
   * `module.exports = { parse() {}, format: function () {}, run: () => … }`: each function by the
   * property it is exported as.
   */
  const visitModuleExports = (value: TS.Expression | undefined, node: TS.Node, container: string): void => {
    if (value && ts.isFunctionExpression(value) && value.name) add(value.name.text, "function", container, true, node, bodyStart(value.body, node));
    else if (value && ts.isClassExpression(value) && value.name) {
      add(value.name.text, "class", container, true, node, membersStart(value));
      visitClass(value, value.name.text, container);
    } else if (value && ts.isObjectLiteralExpression(value)) {
      for (const property of value.properties) {
        const name = nameText(property.name);
        const fn = ts.isMethodDeclaration(property) ? property : ts.isPropertyAssignment(property) ? functionLike(property.initializer) : undefined;
        if (name !== undefined && fn) add(name, "function", container, true, property, bodyStart(fn.body, property));
      }
    }
  };

  const visitModule = (node: TS.ModuleDeclaration, container: string, exported: boolean): void => {
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
    declaration: TS.VariableDeclaration,
    container: string,
    exported: boolean,
    isConst: boolean,
    // A lone declaration's signature starts at its `const`/`let`, so the agent sees how it is declared.
    statement: TS.Node,
  ): void => {
    const valueKind: SymbolKind = isConst ? "constant" : "variable";
    // `const { format } = require("./format")` (or `await import("./format")`) imports, as `import { format } from "./format"` does.
    if (requiredBinding(declaration.initializer) || requiredImports(declaration).length > 0) return;
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

type OverloadGroups = Map<TS.Node, (TS.FunctionDeclaration | TS.MethodDeclaration)[]>;

/**
 * Overload signatures and their implementation are consecutive declarations of one name; they
 * form one group, keyed by the group's first node (the others are absent from the map, so they
 * are not listed again). This is how the compiler's own navigation shows them: one entry each.
 */
function overloadGroups<T extends TS.Node>(nodes: readonly T[], nameOf: (node: T) => string | undefined): OverloadGroups {
  const groups: OverloadGroups = new Map();
  let current: { name: string; nodes: (TS.FunctionDeclaration | TS.MethodDeclaration)[] } | undefined;
  for (const node of nodes) {
    const name = nameOf(node);
    const declaration = node as unknown as TS.FunctionDeclaration | TS.MethodDeclaration;
    const last = current?.nodes[current.nodes.length - 1];
    if (name !== undefined && current && current.name === name && last && !last.body && isStatic(last) === isStatic(declaration)) {
      current.nodes.push(declaration);
      continue;
    }
    if (name === undefined) {
      current = undefined;
      continue;
    }
    current = { name, nodes: [declaration] };
    groups.set(node, current.nodes);
  }
  return groups;
}

function isStatic(node: TS.Node): boolean {
  return hasModifier(node, ts.SyntaxKind.StaticKeyword);
}

function isPrivateMember(node: TS.Node): boolean {
  if (hasModifier(node, ts.SyntaxKind.PrivateKeyword)) return true;
  const name = (node as { name?: TS.Node }).name;
  return name !== undefined && ts.isPrivateIdentifier(name);
}

function functionLike(node: TS.Expression | undefined): TS.ArrowFunction | TS.FunctionExpression | undefined {
  const inner = unwrapExpression(node);
  if (inner && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))) return inner;
  return undefined;
}

/** `(x)`, `x as T`, `x satisfies T`, `<T>x` and `x!` do not change what a declaration is. */
export function unwrapExpression(node: TS.Expression | undefined): TS.Expression | undefined {
  let current = node;
  // A switch on the kind: this runs for every callee and member read in every file.
  for (;;) {
    switch (current?.kind) {
      case ts.SyntaxKind.ParenthesizedExpression:
      case ts.SyntaxKind.AsExpression:
      case ts.SyntaxKind.SatisfiesExpression:
      case ts.SyntaxKind.TypeAssertionExpression:
      case ts.SyntaxKind.NonNullExpression:
        current = (current as TS.ParenthesizedExpression).expression;
        continue;
      default:
        return current;
    }
  }
}

function bindingNames(pattern: TS.BindingName): TS.Identifier[] {
  if (ts.isIdentifier(pattern)) return [pattern];
  const names: TS.Identifier[] = [];
  for (const element of pattern.elements) {
    if (ts.isOmittedExpression(element)) continue;
    names.push(...bindingNames(element.name));
  }
  return names;
}

function bodyStart(body: TS.Node | undefined, node: TS.Node): number {
  // The body's full start is where the signature's text ends; trailing trivia is trimmed by oneLine.
  return body ? body.pos : node.getEnd();
}

function membersStart(node: TS.ClassLikeDeclaration | TS.InterfaceDeclaration | TS.EnumDeclaration): number {
  // The members list begins right after `{`; the signature is everything before that brace.
  return node.members.pos - 1;
}

function signatureOf(sourceFile: TS.SourceFile, anchor: TS.Node, end: number): string {
  const start = startAfterDecorators(anchor, sourceFile);
  // Collapsing whitespace is linear in the text; a long initializer is cut long before that matters.
  const stop = Math.min(Math.max(start, end), start + SIGNATURE_MAX * 4);
  // String literals that are long or look like credentials are written `"…"` (secret-literals.ts).
  let raw = "";
  let at = start;
  for (const literal of hiddenLiterals(anchor, sourceFile, start, stop)) {
    const from = literal.getStart(sourceFile);
    if (from < at) continue;
    raw += `${sourceFile.text.slice(at, from)}"…"`;
    at = Math.min(literal.end, stop);
  }
  return oneLine(raw + sourceFile.text.slice(at, stop));
}
