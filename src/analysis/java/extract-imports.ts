import type { SyntaxNode } from "../tree-sitter.js";
import { importDeclaration } from "./import-declaration.js";

/**
 * What a file imports, as written, in source order, without duplicates: `import a.b.C;` is `a.b.C`,
 * `import a.b.*;` is `a.b.*`; a static import names the class its members come from
 * (`import static a.b.C.m;` and `import static a.b.C.*;` are `a.b.C`).
 */
export function extractJavaImports(root: SyntaxNode): string[] {
  const specifiers = new Set<string>();
  for (const declaration of root.namedChildren) {
    const found = declaration ? importDeclaration(declaration) : undefined;
    if (!found) continue;
    const { isStatic, onDemand, segments } = found;
    if (isStatic) {
      // The member (or `*`, its members) comes from the class named before it.
      if (!onDemand) segments.pop();
      if (segments.length > 0) specifiers.add(segments.join("."));
    } else {
      specifiers.add(onDemand ? `${segments.join(".")}.*` : segments.join("."));
    }
  }
  return [...specifiers];
}
