import { describe, expect, it } from "vitest";
import { parseSymbolIndex, renderSymbolIndex, type SymbolRow } from "../../src/formats/symbol-index.js";
import { codeCell, parseCodeCell, splitRow } from "../../src/formats/markdown-table.js";

const row = (signature: string, name = "f"): SymbolRow => ({
  name,
  kind: "function",
  container: "",
  exported: true,
  path: "src/a.ts",
  line: 1,
  endLine: 2,
  isTest: false,
  signature,
});

describe("Markdown table cells", () => {
  it.each([
    ["type U = A | B"],
    ["const re = /a\\|b/"],
    ["const t = `x${y}`"],
    ["``double`` and `single`"],
    ["ends with backslash \\"],
    ["`starts with a backtick"],
  ])("round-trips the signature %s", (signature) => {
    const text = renderSymbolIndex([row(signature)], 1);
    expect(parseSymbolIndex(text)[0]!.signature).toBe(signature);
  });

  it("fences a code cell with more backticks than it contains", () => {
    expect(codeCell("a `b` c")).toBe("``a `b` c``");
    expect(parseCodeCell("``a `b` c``")).toBe("a `b` c");
  });

  it("treats only \\| as an escape", () => {
    expect(splitRow("| a\\|b | c\\d |")).toEqual(["a|b", "c\\d"]);
  });
});
