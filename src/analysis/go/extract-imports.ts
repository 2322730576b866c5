import type { SyntaxNode } from "../tree-sitter.js";

/** Import paths as written (`net/http`, `github.com/acme/app/internal/store`), in source order, without duplicates. */
export function extractGoImports(root: SyntaxNode): string[] {
  const paths = new Set<string>();
  for (const declaration of root.namedChildren) {
    if (declaration?.type !== "import_declaration") continue;
    for (const spec of declaration.descendantsOfType("import_spec")) {
      const path = spec?.childForFieldName("path");
      const content = path?.namedChildren.find((child) => child?.type === "interpreted_string_literal_content" || child?.type === "raw_string_literal_content");
      if (content) paths.add(content.text);
    }
  }
  return [...paths];
}
