// Names read off syntax, shared by the call extractor's parts.
import type { CalleeRef } from "../model.js";
import { ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import type { TypeTable } from "./type-table.js";

export function qualify(container: string, name: string): string {
  return container ? `${container}.${name}` : name;
}

export function isLiteralName(node: TS.Expression): node is TS.StringLiteral | TS.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** Parentheses, `as`, `satisfies`, `!` and `<T>x` around a callee, as the compiler skips them. */
export function skipOuter(node: TS.Expression): TS.Expression {
  return unwrapExpression(node) ?? node;
}

/** `a.b.c` of an identifier or property-access chain; undefined for anything else. */
export function entityName(node: TS.Expression): string | undefined {
  const expression = skipOuter(node);
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.name)) {
    const left = entityName(expression.expression);
    return left === undefined ? undefined : `${left}.${expression.name.text}`;
  }
  return undefined;
}

// `Promise<T>` counts as `T`: what is called on it is almost always called on the awaited value.
export const WRAPPER_TYPES = new Set(["Partial", "Readonly", "Required", "NonNullable", "Promise", "PromiseLike", "Awaited", "Omit", "Pick"]);

export function isNullish(type: TS.TypeNode): boolean {
  if (type.kind === ts.SyntaxKind.UndefinedKeyword || type.kind === ts.SyntaxKind.NullKeyword) return true;
  return ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword;
}

export function qualifiedNameText(name: TS.EntityName): string {
  return ts.isIdentifier(name) ? name.text : `${qualifiedNameText(name.left)}.${name.right.text}`;
}

export function boundNames(name: TS.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

/** Names a namespace-level statement declares. */
export function declaredNames(statement: TS.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => boundNames(declaration.name));
  const name = declarationName(statement);
  return name === undefined ? [] : [name];
}

/** The name a function, class, enum, interface, type alias, namespace or `import x =` statement declares. */
export function declarationName(statement: TS.Statement): string | undefined {
  const isNamed =
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isModuleDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement);
  return isNamed && statement.name && ts.isIdentifier(statement.name) ? statement.name.text : undefined;
}

/** A callee reference as one string, inside a type linked later (`ret:<ref>`, `cb:i.j:<ref>`); a receiver's type is embedded through `table`. */
export function encodeRef(ref: CalleeRef, table: TypeTable): string {
  return JSON.stringify([ref.head, embedOwner(ref, table), ref.names]);
}

/** The owner of a callee as a site or another type string embeds it: a receiver's type (`type`, `this`) through `table`. */
export function embedOwner(ref: CalleeRef, table: TypeTable): string {
  return ref.head === "type" || ref.head === "this" ? table.embed(ref.owner) : ref.owner;
}

/**
 * The key of a class declared in a body (`class User extends Model {}` in a test's setup callback):
 * its name and offset (`User@1234`, unique in the file; no declared name contains `@`).
 */
export const localClassKey = (node: TS.ClassDeclaration): string | undefined => (node.name ? `${node.name.text}@${node.pos}` : undefined);
