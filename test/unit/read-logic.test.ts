import { describe, expect, it } from "vitest";
import { docStart, enclosingDeclaration } from "../../src/core/read/declaration-lines.js";
import { excerpt } from "../../src/core/read/excerpt.js";
import { parseReadQuery } from "../../src/core/read/read-query.js";

const lines = (text: string): string[] => text.split("\n");

describe("docStart", () => {
  it("takes the highest JSDoc block of the trivia above, across blank and // lines", () => {
    expect(docStart(lines("const a = 1;\n/** first */\n\n// note\n/**\n * second\n */\nfunction f() {}"), 8)).toBe(2);
  });
  it("stops at code, even code that ends with a comment, and passes over plain block comments", () => {
    expect(docStart(lines("/** not mine */\nconst a = 1; /* trailing */\nfunction f() {}"), 3)).toBe(3);
    expect(docStart(lines("/* plain */\nfunction f() {}"), 2)).toBe(2);
    expect(docStart(lines("/**/\nfunction f() {}"), 2)).toBe(2);
    expect(docStart(lines("class A {\n  /** doc */\n  m() {}\n}"), 3)).toBe(2);
    expect(docStart(lines("function f() {}"), 1)).toBe(1);
  });
});

describe("enclosingDeclaration", () => {
  it("takes the innermost declaration holding the line", () => {
    const declarations = [
      { name: "A", line: 1, endLine: 10 },
      { name: "A.m", line: 3, endLine: 5 },
    ];
    expect(enclosingDeclaration(declarations, 4)?.name).toBe("A.m");
    expect(enclosingDeclaration(declarations, 7)?.name).toBe("A");
    expect(enclosingDeclaration(declarations, 11)).toBeNull();
  });
});

describe("excerpt", () => {
  it("shows at least one line whatever the budget, and counts what it leaves out", () => {
    const source = lines("/** d */\nfunction f() {\n  return 1;\n}");
    expect(excerpt(source, { line: 2, endLine: 4 }, 0)).toMatchObject({ start: 1, end: 4, more: 0 });
    const cut = excerpt(source, { line: 2, endLine: 4 }, 1);
    expect(cut.text).toEqual(["/** d */"]);
    expect(cut.more).toBe(3);
  });
});

describe("parseReadQuery", () => {
  it("reads a path and line, a route with or without a method, and a symbol query", () => {
    expect(parseReadQuery("./src/a.ts:40")).toEqual({ kind: "line", path: "src/a.ts", line: 40 });
    expect(parseReadQuery("get /users/:id")).toEqual({ kind: "route", text: "get /users/:id" });
    expect(parseReadQuery("/health")).toEqual({ kind: "route", text: "/health" });
    expect(parseReadQuery("src/a.ts:Users.find")).toEqual({ kind: "symbol", symbol: { name: "find", container: "Users", path: "src/a.ts" } });
  });
});

describe("docStart of a parameter property", () => {
  it("leaves the constructor's doc comment to the constructor", () => {
    expect(docStart(lines("class A {\n  /** Makes one. */\n  constructor(public readonly id: string) {}\n}"), 3)).toBe(3);
    expect(docStart(lines("class A {\n  constructor(\n    /** The id. */\n    public readonly id: string,\n  ) {}\n}"), 4)).toBe(3);
  });
});
