import { unwrapExpression } from "./extract-symbols.js";
import { ts, type TS } from "./compiler.js";

/**
 * Evaluates string expressions that are static within one file: literals, templates and `+` over
 * literals, `const` identifiers and properties of `const` object literals. Returns undefined when
 * any part depends on something the file does not pin down.
 */
export class StaticStrings {
  private readonly constants = new Map<string, TS.Expression>();

  constructor(sourceFile: TS.SourceFile) {
    for (const statement of sourceFile.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if ((statement.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          this.constants.set(declaration.name.text, declaration.initializer);
        }
      }
    }
  }

  evaluate(node: TS.Expression | undefined, depth = 0): string | undefined {
    const expression = unwrapExpression(node);
    if (!expression || depth > 8) return undefined;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
    if (ts.isTemplateExpression(expression)) {
      let text = expression.head.text;
      for (const span of expression.templateSpans) {
        const value = this.evaluate(span.expression, depth + 1);
        if (value === undefined) return undefined;
        text += value + span.literal.text;
      }
      return text;
    }
    if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = this.evaluate(expression.left, depth + 1);
      const right = left === undefined ? undefined : this.evaluate(expression.right, depth + 1);
      return left === undefined || right === undefined ? undefined : left + right;
    }
    if (ts.isIdentifier(expression)) {
      return this.evaluate(this.constants.get(expression.text), depth + 1);
    }
    if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
      const key = ts.isPropertyAccessExpression(expression)
        ? expression.name.text
        : this.evaluate(expression.argumentExpression, depth + 1);
      const target = this.objectLiteral(expression.expression, depth + 1);
      if (key === undefined || !target) return undefined;
      for (const property of target.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name = property.name;
        const propertyName = ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined;
        if (propertyName === key) return this.evaluate(property.initializer, depth + 1);
      }
    }
    return undefined;
  }

  private objectLiteral(node: TS.Expression, depth: number): TS.ObjectLiteralExpression | undefined {
    let expression = unwrapExpression(node);
    if (expression && ts.isIdentifier(expression)) expression = unwrapExpression(this.constants.get(expression.text));
    if (expression && ts.isObjectLiteralExpression(expression)) return expression;
    if (expression && (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) && depth < 8) {
      const key = ts.isPropertyAccessExpression(expression) ? expression.name.text : this.evaluate(expression.argumentExpression, depth + 1);
      const parent = this.objectLiteral(expression.expression, depth + 1);
      const property = parent?.properties.find(
        (p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) && p.name.text === key,
      );
      if (property && ts.isPropertyAssignment(property)) return this.objectLiteral(property.initializer, depth + 1);
    }
    return undefined;
  }
}
