import { describe, expect, it } from "vitest";
import { normalisePath, relativeLookupPrefix, resolveRelativeImport } from "../../src/core/index/resolve-import.js";

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

describe("relativeLookupPrefix", () => {
  it("begins every path resolveRelativeImport looks at, for every shape of specifier (none looked at: null)", () => {
    const outside: string[] = [];
    for (const folder of ["", "a", "a/b", ".github/a"]) {
      for (const specifier of [...specifiers(3), "./a.js", "../b.mjs", "./c.cjs", "./d.jsx", "./e.json", "./f.ts"]) {
        const from = folder === "" ? "f.ts" : `${folder}/f.ts`;
        const looked: string[] = [];
        const files = { has: (path: string) => (looked.push(path), false) } as unknown as ReadonlySet<string>;
        resolveRelativeImport(from, specifier, files);
        const prefix = relativeLookupPrefix(from, specifier);
        if (prefix === null ? looked.length > 0 : looked.some((path) => !path.startsWith(prefix))) outside.push(`${from} ${specifier}: ${prefix} for ${looked.join(", ")}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("leaves an emitted extension out, since `./a.js` may reach `./a.ts`", () => {
    expect(relativeLookupPrefix("src/x.ts", "./a.js")).toBe("src/a");
    expect(relativeLookupPrefix("src/x.ts", "./a.json")).toBe("src/a.json");
    expect(relativeLookupPrefix("x.ts", "../a")).toBeNull();
  });
});
