import { ts, type TS } from "./compiler.js";

/** Module specifiers this file imports or re-exports from, in source order, without duplicates. */
export function extractImports(sourceFile: TS.SourceFile): string[] {
  const specifiers = new Set<string>();
  const addLiteral = (node: TS.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) specifiers.add(node.text);
  };

  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      addLiteral(statement.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      addLiteral(statement.moduleReference.expression);
    }
  }

  // Dynamic `import("x")` and CommonJS `require("x")` can sit anywhere; only a walk finds them.
  // Skip the walk when the text cannot contain either, which is most files.
  const text = sourceFile.text;
  if (text.includes("import(") || text.includes("require(")) {
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && node.arguments.length >= 1) {
        const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
        const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
        if (isDynamicImport || isRequire) addLiteral(node.arguments[0]);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return [...specifiers];
}
