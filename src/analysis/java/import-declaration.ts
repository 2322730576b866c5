import type { SyntaxNode } from "../tree-sitter.js";

/** An `import` as Java reads it: static or not, on demand (`.*`) or not, and the name's identifiers. */
export interface JavaImport {
  isStatic: boolean;
  onDemand: boolean;
  segments: string[];
}

/**
 * What an import declaration names; undefined for a broken one, which names nothing reliably
 * (Java 25's `import module java.base;` is one to this grammar), or one without a name.
 */
export function importDeclaration(declaration: SyntaxNode): JavaImport | undefined {
  if (declaration.type !== "import_declaration" || declaration.hasError) return undefined;
  let isStatic = false;
  let onDemand = false;
  let name: SyntaxNode | undefined;
  for (let i = 0; i < declaration.childCount; i++) {
    const child = declaration.child(i);
    if (child?.type === "static") isStatic = true;
    else if (child?.type === "asterisk") onDemand = true;
    else if (child?.type === "scoped_identifier" || child?.type === "identifier") name ??= child;
  }
  const segments = name ? segmentsOf(name) : [];
  return segments.length === 0 ? undefined : { isStatic, onDemand, segments };
}

/** `a.b.C` as its identifiers, without the spaces or comments a file may put between them. */
function segmentsOf(name: SyntaxNode): string[] {
  const segments: string[] = [];
  let current: SyntaxNode | null = name;
  // Walked by its scopes, not recursively: an import thousands of segments long is as deep as it is long.
  while (current?.type === "scoped_identifier") {
    const last = current.childForFieldName("name");
    if (!last) return [];
    segments.push(last.text);
    current = current.childForFieldName("scope");
  }
  if (current?.type !== "identifier") return [];
  segments.push(current.text);
  return segments.reverse();
}
