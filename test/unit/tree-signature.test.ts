import { describe, expect, it } from "vitest";
import { treeSignature } from "../../src/analysis/tree-signature.js";
import { grammarLoading, parseTree, type Grammar } from "../../src/analysis/tree-sitter.js";

/** The signature of the file's first declaration, as the symbol index writes it. */
async function signatureOf(grammar: Grammar, text: string, find: (text: string) => [number, number]): Promise<string> {
  await grammarLoading(grammar);
  const tree = parseTree(grammar, text);
  try {
    const [start, end] = find(text);
    return treeSignature(tree.rootNode, text, start, end);
  } finally {
    tree.delete();
  }
}

const line = (needle: string) => (text: string): [number, number] => {
  const start = text.indexOf(needle);
  return [start, text.indexOf("\n", start)];
};

describe("a tree-sitter signature hides what looks like a credential", () => {
  it("in every literal form of the five languages: C# verbatim and raw strings, Java text blocks, Rust raw strings, PHP and Ruby strings", async () => {
    const key = "sk_live_0123456789abcdefghij";
    expect(await signatureOf("c-sharp", `class A {\n  const string K = @"${key}";\n  const string R = """${key}""";\n}\n`, line("const string K"))).toBe('const string K = "…"');
    expect(await signatureOf("c-sharp", `class A {\n  const string R = """${key}""";\n}\n`, line("const string R"))).toBe('const string R = "…"');
    expect(await signatureOf("java", `class A {\n  static final String K = "${key}";\n}\n`, line("static final"))).toBe('static final String K = "…"');
    expect(await signatureOf("rust", `const K: &str = r#"${key}"#;\n`, line("const K"))).toBe('const K: &str = "…"');
    expect(await signatureOf("php", `<?php\nconst K = '${key}';\n`, line("const K"))).toBe('const K = "…"');
    expect(await signatureOf("ruby", `K = "${key}"\n`, line("K ="))).toBe('K = "…"');
  });

  it("keeps a short, plain literal as written", async () => {
    expect(await signatureOf("c-sharp", `class A {\n  const string Route = @"api/orders";\n}\n`, line("const string Route"))).toBe('const string Route = @"api/orders"');
  });
});
