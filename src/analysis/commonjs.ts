import { MODULE_EXPORTS, type ImportBinding } from "../model.js";
import { nameText, ts, type TS } from "./compiler.js";

/** `require("./x")`: the specifier, when the expression is a `require` of a string literal. */
export function requiredSpecifier(expression: TS.Expression | undefined): string | undefined {
  const call = unwrapExpression(expression);
  if (!call || !ts.isCallExpression(call) || call.arguments.length !== 1) return undefined;
  const [argument] = call.arguments;
  return ts.isIdentifier(call.expression) && call.expression.text === "require" && argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
}

/** `await import("./x")`: the specifier of a module loaded on demand, awaited (without `await` it is a promise). */
function awaitedImportSpecifier(expression: TS.Expression | undefined): string | undefined {
  const value = unwrapExpression(expression);
  if (!value || !ts.isAwaitExpression(value)) return undefined;
  return importCallSpecifier(value.expression);
}

/** `import("./x")`, the call itself. */
function importCallSpecifier(expression: TS.Expression | undefined): string | undefined {
  const call = unwrapExpression(expression);
  if (!call || !ts.isCallExpression(call) || call.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
  const [argument] = call.arguments;
  return argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
}

/**
 * What a variable initialised by `require()` or `await import()` imports: the whole module (`*`) from
 * `require("./x")`, one export from `require("./x").name` or `(await import("./x")).name`. Such a
 * variable is an import, not a declaration: a lazily loaded command's `const { run } = await
 * import("./run.js"); run()` calls the module's `run` as a static import would.
 */
export function requiredBinding(initializer: TS.Expression | undefined): { specifier: string; imported: string } | undefined {
  const value = unwrapExpression(initializer);
  const whole = requiredSpecifier(value) ?? awaitedImportSpecifier(value);
  if (whole !== undefined) return { specifier: whole, imported: "*" };
  if (!value || !ts.isPropertyAccessExpression(value)) return undefined;
  const specifier = requiredSpecifier(value.expression) ?? awaitedImportSpecifier(value.expression);
  const name = nameText(value.name);
  return specifier === undefined || name === undefined ? undefined : { specifier, imported: name };
}

/**
 * The names a declaration initialised by `require()` binds, as ES imports would write them:
 * `const lib = require("./lib")` the whole module, `const { format, parse: read } = require("./format")`
 * one export each. Names bound otherwise (nested patterns, `...rest`) are not among them.
 */
export function requiredImports(declaration: TS.VariableDeclaration): ImportBinding[] {
  const loaded = loadedTogether(declaration);
  if (loaded) return loaded;
  const required = requiredBinding(declaration.initializer);
  if (!required) return [];
  const { specifier, imported } = required;
  if (ts.isIdentifier(declaration.name)) return [{ local: declaration.name.text, specifier, imported }];
  if (!ts.isObjectBindingPattern(declaration.name) || imported !== "*") return [];
  return exportsBound(declaration.name, specifier);
}

/** `{ format, parse: read }` over a whole module: one export each; nested patterns and `...rest` bind none. */
function exportsBound(pattern: TS.ObjectBindingPattern, specifier: string): ImportBinding[] {
  return pattern.elements.flatMap((element) => {
    const property = nameText(element.propertyName ?? (ts.isIdentifier(element.name) ? element.name : undefined));
    return !element.dotDotDotToken && ts.isIdentifier(element.name) && property !== undefined ? [{ local: element.name.text, specifier, imported: property }] : [];
  });
}

/**
 * `const [{ parse }, lib] = await Promise.all([import("./parse.js"), import("./lib.js")])`: modules
 * loaded side by side, each element of the pattern bound to its module. Undefined when the
 * declaration is not of that shape.
 */
function loadedTogether(declaration: TS.VariableDeclaration): ImportBinding[] | undefined {
  if (!ts.isArrayBindingPattern(declaration.name)) return undefined;
  const value = unwrapExpression(declaration.initializer);
  const call = value && ts.isAwaitExpression(value) ? unwrapExpression(value.expression) : undefined;
  if (!call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  const all = call.expression;
  if (!ts.isIdentifier(all.expression) || all.expression.text !== "Promise" || all.name.text !== "all") return undefined;
  const list = unwrapExpression(call.arguments[0]);
  if (!list || !ts.isArrayLiteralExpression(list)) return undefined;
  return declaration.name.elements.flatMap((element, index) => {
    const specifier = ts.isBindingElement(element) && !element.dotDotDotToken ? importCallSpecifier(list.elements[index]) : undefined;
    if (specifier === undefined || !ts.isBindingElement(element)) return [];
    if (ts.isIdentifier(element.name)) return [{ local: element.name.text, specifier, imported: "*" }];
    return ts.isObjectBindingPattern(element.name) ? exportsBound(element.name, specifier) : [];
  });
}

/**
 * A file-level CommonJS export: `exports.a = …` and `module.exports.a = …` export `a`;
 * `module.exports = …` exports the module itself (MODULE_EXPORTS).
 */
export function commonjsExport(statement: TS.Statement): { name: string; value: TS.Expression } | undefined {
  if (!ts.isExpressionStatement(statement)) return undefined;
  const assignment = statement.expression;
  if (!ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
  const target = unwrapExpression(assignment.left);
  if (!target || !ts.isPropertyAccessExpression(target)) return undefined;
  if (isModuleExports(target)) return { name: MODULE_EXPORTS, value: assignment.right };
  const receiver = unwrapExpression(target.expression);
  const name = nameText(target.name);
  const isExportsObject = receiver !== undefined && ((ts.isIdentifier(receiver) && receiver.text === "exports") || (ts.isPropertyAccessExpression(receiver) && isModuleExports(receiver)));
  return isExportsObject && name !== undefined ? { name, value: assignment.right } : undefined;
}

/** `(x)` is x; JavaScript has no type assertions to see through. */
function unwrapExpression(node: TS.Expression | undefined): TS.Expression | undefined {
  let current = node;
  while (current && ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
}

function isModuleExports(node: TS.PropertyAccessExpression): boolean {
  return ts.isIdentifier(node.expression) && node.expression.text === "module" && node.name.text === "exports";
}
