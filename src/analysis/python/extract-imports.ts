import type { SyntaxNode } from "../tree-sitter.js";

/**
 * Modules this file imports, as dotted names in source order without duplicates: `import a.b` is
 * `a.b`; `from .x import y` is `.x` and also `.x.y`, since `y` may be a submodule (resolution
 * keeps whichever exists); imports inside functions and `if TYPE_CHECKING:` blocks count too.
 */
export function extractPythonImports(root: SyntaxNode): string[] {
  const specifiers = new Set<string>();
  for (const statement of root.descendantsOfType(["import_statement", "import_from_statement"])) {
    if (!statement) continue;
    if (statement.type === "import_statement") {
      for (const name of statement.childrenForFieldName("name")) {
        const dotted = name?.type === "aliased_import" ? name.childForFieldName("name") : name;
        if (dotted) specifiers.add(dotted.text);
      }
      continue;
    }
    const module = statement.childForFieldName("module_name");
    if (!module) continue;
    const base = module.text.replace(/\s+/g, "");
    specifiers.add(base);
    for (const name of statement.childrenForFieldName("name")) {
      const dotted = name?.type === "aliased_import" ? name.childForFieldName("name") : name;
      if (dotted) specifiers.add(base.endsWith(".") ? `${base}${dotted.text}` : `${base}.${dotted.text}`);
    }
  }
  return [...specifiers];
}
