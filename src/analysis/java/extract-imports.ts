import type { SyntaxNode } from "../tree-sitter.js";

/**
 * What a file imports, as written, in source order, without duplicates: `import a.b.C;` is `a.b.C`,
 * `import a.b.*;` is `a.b.*`; a static import names the class its members come from
 * (`import static a.b.C.m;` and `import static a.b.C.*;` are `a.b.C`).
 */
export function extractJavaImports(root: SyntaxNode): string[] {
  const specifiers = new Set<string>();
  for (const declaration of root.namedChildren) {
    // A broken one names nothing reliably (Java 25's `import module java.base;` is one to this grammar).
    if (declaration?.type !== "import_declaration" || declaration.hasError) continue;
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
    if (segments.length === 0) continue;
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
