import { describe, expect, it } from "vitest";
import { scanWordUses } from "../../src/analysis/word-uses.js";

const uses = (path: string, text: string): [number, string][] => {
  const lines = new Set(text.split("\n").flatMap((line, i) => (/\bbump\b/.test(line) ? [i + 1] : [])));
  return [...scanWordUses(path, text, "bump", lines)].sort(([a], [b]) => a - b);
};

describe("telling a name's lines apart by a scan, without a parse", () => {
  it("in TypeScript: comments, strings, templates and regular expressions are text; imports, exports, declarations and members are told; the rest is code", () => {
    const text = [
      'import { bump } from "./bump";', // 1
      "// bump it", // 2
      "const s = `a ${x} bump ${y} b`;", // 3
      'const r = /bump"/;', // 4
      "export function bump() {}", // 5
      "o.bump;", // 6
      "export { bump };", // 7
      "call(bump);", // 8
      "/* one", // 9
      "   bump */", // 10
      'const t = `${"}"} bump`;', // 11
    ].join("\n");
    expect(uses("src/a.ts", text)).toEqual([
      [1, "import"],
      [2, "text"],
      [3, "text"],
      [4, "text"],
      [5, "declaration"],
      [6, "member"],
      [7, "export"],
      [8, "code"],
      [10, "text"],
      [11, "text"],
    ]);
  });

  it("in Python: comments and strings (triple-quoted across lines too) are text; import lines, def names and attributes are told", () => {
    const text = ["from m import bump", "# bump it", 'doc = """', "bump", '"""', "def bump():", "    return self.bump", "x = bump"].join("\n");
    expect(uses("pkg/a.py", text)).toEqual([
      [1, "import"],
      [2, "text"],
      [4, "text"],
      [6, "declaration"],
      [7, "member"],
      [8, "code"],
    ]);
  });
});
