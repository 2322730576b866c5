import { describe, expect, it } from "vitest";
import { normalisePath, resolveRelativeImport } from "../../src/core/index/resolve-import.js";

/** Relative specifiers of up to four parts, `./` and `../` runs, dot files and stray slashes among them. */
function* specifiers(depth: number, prefix = ""): Generator<string> {
  if (depth === 0) return;
  for (const part of ["./", "../", "x", "y.js", ".", "..", "/", ".hidden", "z/", "index"]) {
    yield prefix + part;
    yield* specifiers(depth - 1, prefix + part);
  }
}

describe("resolveRelativeImport", () => {
  it("lands where the normalised join of the importing file's folder and the specifier is, for every shape of specifier", () => {
    const differing: string[] = [];
    for (const folder of ["", "a", "a/b", "a/b/c", ".github/a", "a/.x"]) {
      for (const specifier of specifiers(4)) {
        if (!/^\.\.?(\/|$)/.test(specifier)) continue;
        const from = folder === "" ? "f.ts" : `${folder}/f.ts`;
        const expected = normalisePath(`${folder}/${specifier}`);
        const got = resolveRelativeImport(from, specifier, new Set(expected === null ? [] : [expected]));
        if (got !== expected) differing.push(`${from} ${specifier}: ${got} instead of ${expected}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it("climbing out of the repository resolves to nothing", () => {
    expect(resolveRelativeImport("a/f.ts", "../../x", new Set(["x"]))).toBeNull();
  });
});
