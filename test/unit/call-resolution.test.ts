import { describe, expect, it } from "vitest";
import { decodeCallSite, encodeCallSite, unknownCalleeName } from "../../src/core/calls/call-site-codec.js";
import { createModuleResolver, resolveSpecifier, specifierResolver } from "../../src/core/calls/resolve-specifier.js";
import { relatedNodes, walkCalls } from "../../src/core/traverse/find-calls.js";
import { parseTsconfig } from "../../src/formats/tsconfig.js";
import type { CallEdge, CallSite, Override } from "../../src/model.js";

describe("module specifiers", () => {
  const files = new Set(["src/core/clock.ts", "src/core/id.ts", "packages/web/src/app.ts", "packages/web/src/lib/util.ts", "src/a.ts", "src/a.d.ts"]);
  const resolver = createModuleResolver(files, [], [
    { dir: "", baseUrl: "", pathsBase: "", paths: [["@core/*", ["src/core/*"]]] },
    { dir: "packages/web", baseUrl: null, pathsBase: "packages/web", paths: [["~/*", ["src/lib/*"]]] },
  ]);

  it("follows the nearest tsconfig's paths first, then the root's, then baseUrl", () => {
    expect(resolveSpecifier(resolver, "packages/web/src/app.ts", "~/util")).toBe("packages/web/src/lib/util.ts");
    expect(resolveSpecifier(resolver, "packages/web/src/app.ts", "@core/clock")).toBe("src/core/clock.ts");
    expect(resolveSpecifier(resolver, "src/a.ts", "src/core/id")).toBe("src/core/id.ts");
    expect(resolveSpecifier(resolver, "src/a.ts", "~/util")).toBeNull();
    expect(resolveSpecifier(resolver, "src/a.ts", "react")).toBeNull();
  });

  it("reads `./a.js` as the source `./a.ts` before any emitted or declaration file", () => {
    expect(resolveSpecifier(resolver, "src/core/id.ts", "../a.js")).toBe("src/a.ts");
  });

  it("answer as remembered what they answer afresh, from every folder (tsconfigs, packages, `#` imports and the repository's own name)", () => {
    const sources = new Set([...files, "packages/ui/src/index.ts", "packages/ui/src/button.ts", "packages/ui/src/internal/theme.ts", "lib/own.ts", "packages/web/src/deep/page.ts"]);
    const packages = [
      { name: "@x/ui", dir: "packages/ui", entryHints: ["packages/ui/src/index.ts"], subpaths: [["*", ["packages/ui/src/*.ts"]]] as [string, string[]][], imports: [["#theme", ["packages/ui/src/internal/theme.ts"]]] as [string, string[]][] },
      { name: "own", dir: "", entryHints: ["lib/own.ts"], imports: [["#own", ["lib/own.ts"]]] as [string, string[]][] },
    ];
    const mappings = [
      { dir: "", baseUrl: "", pathsBase: "", paths: [["@core/*", ["src/core/*"]]] as [string, string[]][] },
      { dir: "packages/web", baseUrl: null, pathsBase: "packages/web", paths: [["~/*", ["src/lib/*"]]] as [string, string[]][] },
      { dir: "packages/web/src/deep", baseUrl: "packages/web/src", pathsBase: "packages/web/src", paths: [["~/*", ["deep/*"]]] as [string, string[]][] },
    ];
    const many = createModuleResolver(sources, packages, mappings);
    const remembered = specifierResolver(many);
    const differing: string[] = [];
    const froms = [...sources, "packages/ui/src/internal/x.ts", "packages/web/src/deep/more/y.ts", "z.ts"];
    const asked = ["~/util", "~/page", "@core/clock", "@x/ui", "@x/ui/button", "#theme", "#own", "own", "react", "./util", "../a.js", ".", "src/core/id", "lib/own"];
    // Twice over, so that the second round answers from what the first remembered.
    for (const round of [1, 2]) {
      for (const from of froms) {
        for (const specifier of asked) {
          const expected = resolveSpecifier(many, from, specifier);
          const got = remembered(from, specifier);
          if (got !== expected) differing.push(`round ${round}, ${from} ${specifier}: ${got} instead of ${expected}`);
        }
      }
    }
    expect(differing).toEqual([]);
  });
});

describe("tsconfig files", () => {
  it("reads comments and trailing commas, and gives up (null) on what is not JSON even so", () => {
    const text = '{\n  // paths\n  "extends": "./base.json",\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*",], }, /* done */ },\n}\n';
    expect(parseTsconfig(text)).toEqual({ extends: ["./base.json"], baseUrl: ".", paths: [["@/*", ["src/*"]]] });
    expect(parseTsconfig('{ "compilerOptions": { "paths": { "a": ["b // not a comment"] } } }')?.paths).toEqual([["a", ["b // not a comment"]]]);
    expect(parseTsconfig("{ nope")).toBeNull();
  });
});

describe("cached call sites", () => {
  it("round-trip through their one-line form, and an unknown receiver's name reads without decoding", () => {
    const site: CallSite = { caller: 2, line: 14, column: 9, via: "call", callee: { head: "type", owner: "gen:[\"Repo\",[\"User\"]]", names: ["find"] } };
    expect(decodeCallSite(encodeCallSite(site))).toEqual(site);
    expect(unknownCalleeName(encodeCallSite(site))).toBeNull();
    const unknown: CallSite = { ...site, callee: { head: "unknown", owner: "", names: ["map"] } };
    expect(unknownCalleeName(encodeCallSite(unknown))).toBe("map");
  });
});

describe("call graph walks", () => {
  const override = (member: string, base: string): Override => ({
    member: { name: member, path: "a.ts", line: 1, kind: "method" },
    base: { name: base, path: base.startsWith("Greeter") ? "b.ts" : "a.ts", line: 1, kind: "method" },
  });

  it("counts a member's bases and its overrides as related, not the base's other overrides (no call of a sibling runs it)", () => {
    // Overrides rows hold every ancestor of a member, as call_index.md writes them.
    const overrides = [override("English.greet", "Greeter.greet"), override("French.greet", "Greeter.greet"), override("British.greet", "English.greet"), override("British.greet", "Greeter.greet")];
    const related = (name: string) => relatedNodes({ path: name.startsWith("Greeter") ? "b.ts" : "a.ts", name }, overrides).map((n) => `${n.path}:${n.name}`).sort();
    expect(related("English.greet")).toEqual(["a.ts:British.greet", "a.ts:English.greet", "b.ts:Greeter.greet"]);
    expect(related("Greeter.greet")).toEqual(["a.ts:British.greet", "a.ts:English.greet", "a.ts:French.greet", "b.ts:Greeter.greet"]);
  });

  it("does not expand a declaration already on the path, so recursion ends", () => {
    const edge = (caller: string, callee: string): CallEdge => ({
      path: "a.ts", line: 1, column: 1, caller, callerKind: "function", via: "call", callee, target: { path: "a.ts", line: 1, kind: "function" },
    });
    const edges = [edge("a", "b"), edge("b", "a")];
    const entries = walkCalls([{ path: "a.ts", name: "a" }], 3, "callees", (node) => edges.filter((e) => e.caller === node.name), 100);
    expect(entries.map((e) => [e.depth, e.edge.caller, e.edge.callee])).toEqual([
      [1, "a", "b"],
      [2, "b", "a"],
    ]);
  });
});
