import type { Scope } from "./call-scope.js";
import { requiredImports } from "./commonjs.js";
import { nameText, ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import { declarationName } from "./syntax-names.js";
import { declaredType, signatureParams, valueType } from "./type-strings.js";

/** Declares the names a binding introduces; destructured ones get the type of the member (`mem:`) or element (`elem:`) they take. */
export const declareBinding = (scope: Scope, name: TS.BindingName, type: string | undefined): void => {
  if (ts.isIdentifier(name)) {
    scope.names.set(name.text, { kind: "local", type });
    return;
  }
  for (const element of name.elements) {
    if (ts.isOmittedExpression(element)) continue;
    let part: string | undefined;
    if (type !== undefined && !element.dotDotDotToken) {
      if (ts.isArrayBindingPattern(name)) part = `elem:${type}`;
      else {
        const property = nameText(element.propertyName ?? (ts.isIdentifier(element.name) ? element.name : undefined));
        if (property !== undefined) part = `mem:${JSON.stringify([property, scope.table.embed(type)])}`;
      }
    }
    declareBinding(scope, element.name, part);
  }
};

/** Declares what a variable binds: what `require()` returns as an import would bind it, else its declared type. */
export const declareVariable = (scope: Scope, declaration: TS.VariableDeclaration, owner: string | null): void => {
  declareBinding(scope, declaration.name, declaredType(declaration, scope, owner));
  declareRequired(scope, declaration);
};

const declareRequired = (scope: Scope, declaration: TS.VariableDeclaration): void => {
  for (const { local, specifier, imported } of requiredImports(declaration)) scope.names.set(local, { kind: "required", specifier, imported });
};

/**
 * The expressions a destructured array takes position by position, when the initializer spells
 * them out: `[a, b]`, or `await Promise.all([a(), b()])` (each element then the value its promise
 * resolves to, as valueType reads `Promise<T>`).
 */
const tupleElements = (initializer: TS.Expression | undefined): readonly TS.Expression[] | undefined => {
  let value = unwrapExpression(initializer);
  if (value && ts.isAwaitExpression(value)) value = unwrapExpression(value.expression);
  if (!value) return undefined;
  if (ts.isArrayLiteralExpression(value)) return value.elements;
  if (ts.isCallExpression(value) && ts.isPropertyAccessExpression(value.expression) && value.expression.name.text === "all") {
    const receiver = value.expression.expression;
    const list = unwrapExpression(value.arguments[0]);
    if (ts.isIdentifier(receiver) && receiver.text === "Promise" && list && ts.isArrayLiteralExpression(list)) return list.elements;
  }
  return undefined;
};

/** Lexical declarations made directly in a list of statements (block scope). */
export const declareStatements = (scope: Scope, statements: readonly TS.Statement[], owner: string | null): void => {
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const tuple = declaration.type ? undefined : tupleElements(declaration.initializer);
        if (tuple && ts.isArrayBindingPattern(declaration.name)) {
          declaration.name.elements.forEach((element, i) => {
            if (ts.isOmittedExpression(element)) return;
            const source = tuple[i];
            declareBinding(scope, element.name, source && !element.dotDotDotToken && !ts.isSpreadElement(source) ? valueType(source, scope, owner) : undefined);
          });
          // `const [{ parse }] = await Promise.all([import("./parse.js")])` binds modules' exports.
          declareRequired(scope, declaration);
          continue;
        }
        declareVariable(scope, declaration, owner);
        const fn = unwrapExpression(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
          scope.names.set(declaration.name.text, { kind: "local", type: undefined, params: signatureParams(fn, scope) });
        }
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      scope.names.set(statement.name.text, { kind: "local", type: undefined, params: signatureParams(statement, scope) });
    } else {
      const name = declarationName(statement);
      // A class declared in a body is bound to its key already (extract-calls declareLocalClasses).
      if (name !== undefined && scope.names.get(name)?.kind !== "qualified") scope.names.set(name, { kind: "local", type: undefined });
    }
  }
};
