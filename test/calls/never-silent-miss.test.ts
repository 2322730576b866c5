import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFiles, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "calls/never-silent-miss";


describe("a call of a repository method's name is linked or listed, never dropped", () => {
  // Every language ctx indexes has its call sites extracted: a lookup never answers "no-calls" for want of them.
  it("answers a Ruby method's callers from its call sites, not with no-calls", async () => {
    const dir = await indexedFiles({ "lib/order.rb": "class Order\n  def total\n    1\n  end\n\n  def charge\n    total()\n  end\nend\n" });
    const answer = await ctx(dir, "traverse", "Caller", "Order.total");
    expect(answer.code).toBe(0);
    expect(answer.stdout).toBe("TRAVERSE_HIT Caller Order.total (1 site in 1 file)\n→ method Order.total lib/order.rb:2\n  (same file): Order.charge 7\ncomplete\n");
  });

  it("takes the standard library's globals as outside: console.log and JSON.parse are not candidates of a repository log or parse", async () => {
    const dir = await indexedFiles({
      "src/logger.ts": "export class Logger {\n  log(message: string): void {\n    void message;\n  }\n  parse(text: string): number {\n    return text.length;\n  }\n}\n",
      "src/use.ts": 'import { Logger } from "./logger";\n\nexport function run(l: Logger): number {\n  console.log("x");\n  l.log("y");\n  return (JSON.parse("1") as number) + Math.max(1, 2);\n}\n',
    });
    expect(await hitLines(dir, "traverse", "Caller", "Logger.log")).toEqual(["TRAVERSE_HIT Caller Logger.log (1 site in 1 file)", "→ method Logger.log src/logger.ts:2", "  src/use.ts: run 5", "complete; rg -w adds 1 other member"]);
    const parse = await ctx(dir, "traverse", "Caller", "Logger.parse", "--json");
    expect(JSON.parse(parse.stdout)).toMatchObject({ status: "miss", reason: "no-calls" });
    expect(JSON.parse(parse.stdout).candidates ?? []).toEqual([]);
  });

  it("lists a method read passed on as an argument or assigned when its receiver is unknown (`expect(adapter.clone)`), not other reads", async () => {
    const dir = await indexedFiles({
      "src/adapter.ts": "export class Adapter {\n  clone(): Adapter {\n    return this;\n  }\n}\n",
      "src/spy.ts": "export function spy(adapter: any, check: (f: unknown) => void): unknown {\n  check(adapter.clone);\n  return adapter.clone === undefined ? null : adapter.other;\n}\n",
      "src/stub.ts": "export function stub(adapter: any, exports: any): void {\n  adapter.clone = () => adapter;\n  exports.clone = adapter.clone;\n}\n",
    });
    const answer = JSON.parse((await ctx(dir, "traverse", "Caller", "Adapter.clone", "--json")).stdout) as { candidates?: { path: string; line: number }[] };
    // The compiler's call hierarchy counts a method read as a call site; a read compared, not passed on, is not listed.
    // A method replaced (a stub) is, and one assigned on (`exports.clone = adapter.clone`), but not the export it is assigned to.
    expect((answer.candidates ?? []).map((site) => `${site.path}:${site.line}`)).toEqual(["src/spy.ts:2", "src/stub.ts:2", "src/stub.ts:3"]);
  });

  it("lists a method read handed to a component as a prop (`onClick={form.submit}`) when its receiver is unknown, not a prop's other reads", async () => {
    const dir = await indexedFiles({
      "tsconfig.json": '{ "compilerOptions": { "jsx": "preserve" } }\n',
      "src/form.ts": "export class Form {\n  submit(): void {}\n  get title(): string {\n    return '';\n  }\n}\n",
      "src/view.tsx": "export function View(form: any) {\n  return (\n    <button onClick={form.submit} title={form.title}\n      disabled={!form.submit}>\n    </button>\n  );\n}\n",
    });
    const answer = JSON.parse((await ctx(dir, "traverse", "Caller", "Form.submit", "--json")).stdout) as { complete?: boolean; candidates?: { path: string; line: number }[] };
    expect((answer.candidates ?? []).map((site) => `${site.path}:${site.line}`)).toEqual(["src/view.tsx:3"]);
    expect(answer.complete).not.toBe(true);
  });

  it("counts unresolved calls in test files without listing them, as it counts test sites, and is complete outside tests only", async () => {
    const dir = await indexedFiles({
      "src/adapter.ts": "export class Adapter {\n  clone(): Adapter {\n    return this;\n  }\n}\n\nexport function copy(a: Adapter): Adapter {\n  return a.clone();\n}\n",
      "src/adapter.test.ts": 'import { it } from "vitest";\n\nit("clones", () => {\n  const a = (globalThis as any).adapter;\n  a.clone();\n  a.clone();\n});\n',
    });
    expect(await hitLines(dir, "traverse", "Caller", "Adapter.clone")).toEqual([
      "TRAVERSE_HIT Caller Adapter.clone (1 site in 1 file)",
      "→ method Adapter.clone src/adapter.ts:2",
      "  (same file): copy 8",
      "tests: 2 unresolved calls (--tests lists them)",
      "complete outside tests; 0 unresolved there",
    ]);
    const json = JSON.parse((await ctx(dir, "traverse", "Caller", "Adapter.clone", "--json")).stdout) as { complete: boolean; candidatesInTests: number };
    expect([json.complete, json.candidatesInTests]).toEqual([false, 2]);
    expect((await hitLines(dir, "traverse", "Caller", "Adapter.clone", "--tests")).slice(-2)).toEqual(["2 unresolved calls named clone (receiver type unknown: each may call it):", "  src/adapter.test.ts: (module) 5, 6"]);
  });

  it("links an import of the repository's own package by name (a self-reference through package.json exports)", async () => {
    const dir = await indexedFiles({
      "package.json": JSON.stringify({ name: "effectish", exports: { ".": "./dist/index.js", "./Config": "./dist/Config.js" } }),
      "src/Config.ts": "export function string(name: string): string {\n  return name;\n}\n",
      "src/index.ts": 'export * as Config from "./Config";\n',
      "docs/example.ts": 'import { Config } from "effectish";\nimport * as Direct from "effectish/Config";\n\nexport const user = Config.string("USER");\nexport const home = Direct.string("HOME");\n',
    });
    expect(await hitLines(dir, "traverse", "Caller", "string")).toEqual(["TRAVERSE_HIT Caller string (2 sites in 1 file)", "→ function string src/Config.ts:1", "  docs/example.ts: user 4; home 5", "complete"]);
    // Built: the compiler resolves the name to the package's declaration files, outside the sources, and so does ctx.
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, ".gitignore"), "dist/\n");
    writeFileSync(join(dir, "dist/index.d.ts"), 'export * as Config from "./Config";\n');
    writeFileSync(join(dir, "dist/Config.d.ts"), "export declare function string(name: string): string;\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(JSON.parse((await ctx(dir, "traverse", "Caller", "string", "--json")).stdout)).toMatchObject({ status: "miss", reason: "no-calls" });
  });

  it("takes a self-import as the compiler does: built declarations inside the package, the sources from another package's folder", async () => {
    const dir = await indexedFiles({
      ".gitignore": "dist/\n",
      "package.json": JSON.stringify({ name: "effectish", exports: { ".": "./dist/index.js" } }),
      "dist/index.d.ts": "export declare function string(name: string): string;\n",
      "src/index.ts": "export function string(name: string): string {\n  return name;\n}\n",
      "src/use.ts": 'import { string } from "effectish";\n\nexport const inside = string("A");\n',
      "docs/package.json": JSON.stringify({ name: "docs", private: true }),
      "docs/example.ts": 'import { string } from "effectish";\n\nexport const outside = string("B");\n',
    });
    const answer = JSON.parse((await ctx(dir, "traverse", "Caller", "string", "--json")).stdout) as { hits: { path: string; line: number }[] };
    expect(answer.hits.map((hit) => `${hit.path}:${hit.line}`)).toEqual(["docs/example.ts:3"]);
  });

  it("follows a self-import into built output kept in the repository (a published package's files) to the scripts its declarations type", async () => {
    const dir = await indexedFiles({
      "package.json": JSON.stringify({ name: "zodish", exports: { "./mini": { types: "./mini/index.d.cts", require: "./mini/index.cjs" } } }),
      "mini/index.d.cts": 'export * from "../lib/schemas.cjs";\n',
      "mini/index.cjs": '"use strict";\nmodule.exports = require("../lib/schemas.cjs");\n',
      "lib/schemas.d.cts": "declare function _enum(values: string[]): string[];\nexport { _enum as enum };\nexport declare function parse(text: string): string;\n",
      "lib/schemas.cjs": '"use strict";\nexports.enum = _enum;\nexports.parse = parse;\nfunction _enum(values) {\n  return values;\n}\nfunction parse(text) {\n  return text;\n}\n',
      "src/tests/mini.test.ts": 'import * as z from "zodish/mini";\n\nz.enum(["a"]);\nz.parse("b");\n',
    });
    // The compiler types `zodish/mini` by mini/index.d.cts and its re-exports; the scripts they describe are what runs.
    expect(await hitLines(dir, "traverse", "Caller", "lib/schemas.cjs:_enum", "--tests")).toEqual([
      "TRAVERSE_HIT Caller lib/schemas.cjs:_enum (1 site in 1 file)",
      "→ function _enum lib/schemas.cjs:4",
      "  src/tests/mini.test.ts: (module) 3",
      "complete; rg -w adds 1 other use: lib/schemas.cjs:2",
    ]);
    expect((await hitLines(dir, "traverse", "Caller", "lib/schemas.cjs:parse", "--tests")).slice(1, 3)).toEqual(["→ function parse lib/schemas.cjs:7", "  src/tests/mini.test.ts: (module) 4"]);
  });

  it("lists a call by the name a function is exported as (`z.enum` of `export { _enum as enum }`) among its candidates", async () => {
    const dir = await indexedFiles({
      "src/schemas.ts": "function _enum(values: string[]): string[] {\n  return values;\n}\nexport { _enum as enum };\n",
      "src/use.ts": "export function run(z: any): void {\n  z.enum([\"a\"]);\n}\n",
    });
    const run = await ctx(dir, "traverse", "Caller", "_enum");
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n").slice(0, 3)).toEqual([
      'TRAVERSE_MISS Caller _enum: no-calls ("_enum" is indexed but no resolved call sites reach it; 1 unresolved site matches by name)',
      // Listed as a hit's are, grouped by file.
      "1 unresolved call named enum (receiver type unknown: each may call it):",
      "  src/use.ts: run 2",
    ]);
    writeFileSync(join(dir, "src/direct.ts"), 'import * as s from "./schemas";\n\nexport const made = s.enum(["b"]);\n');
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect((await hitLines(dir, "traverse", "Caller", "_enum")).slice(1)).toEqual([
      "→ function _enum src/schemas.ts:1",
      "  src/direct.ts: made 3",
      "rg -w adds 1 export",
      "1 unresolved call named _enum or enum (receiver type unknown: each may call it):",
      "  src/use.ts: run 2",
    ]);
  });

  it("lists calls through a module the repository's declaration files declare (`declare module \"x\"`), which the compiler takes before any package", async () => {
    const dir = await indexedFiles({
      "globals.d.ts": "declare module 'native/open' {\n  export default function openURL(url: string): void\n}\n",
      "src/links.ts": "import openURL from 'native/open'\n\nexport function follow(link: string): void {\n  openURL(link)\n}\n",
    });
    const run = await ctx(dir, "traverse", "Caller", "openURL");
    expect(run.stdout.split("\n").slice(1, 3)).toEqual(["1 unresolved call named openURL (receiver type unknown: each may call it):", "  src/links.ts: follow 4"]);
  });

  it("keeps calls on receivers typed through a package that is not installed as candidates, and says the answer is not complete", async () => {
    // `const [observer] = React.useState(() => new Observer(…))`, `Observer: typeof QueryObserver`:
    // the receiver's type comes back through a package's generic, which the linker cannot read.
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "QueryObserver.setOptions")).toEqual([
      "TRAVERSE_HIT Caller QueryObserver.setOptions (3 sites in 2 files)",
      "→ method QueryObserver.setOptions src/query-observer.ts:4",
      // `QueryObserver.prototype.setOptions` read (for a spy): a method of its instances.
      "  src/direct.ts: direct 4; spy 13",
      // `this.entries.get(key)` of a `Map<string, QueryObserver>`: the standard library's declarations say what it holds.
      "  (same file): Cache.refresh 24",
      // `cache.setOptions` is proven to be Cache's; the candidates' lines are not counted as other calls.
      "rg -w adds 1 call of other declarations, 1 declaration",
      "2 unresolved calls named setOptions (receiver type unknown: each may call it):",
      "  src/use-base-query.ts: useBaseQuery 8, 11",
    ]);
  });

  it("pages the candidates with --limit instead of cutting them", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--limit", "1");
    expect(run.stdout.trimEnd().split("\n").slice(-3)).toEqual([
      "2 unresolved calls named setOptions (receiver type unknown: each may call it):",
      "  src/use-base-query.ts: useBaseQuery 8",
      "+1 more unresolved (raise --limit to see them)",
    ]);
    const json = JSON.parse((await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--limit", "1", "--json")).stdout) as { candidates: unknown[]; candidatesMore: number; complete: boolean };
    expect([json.candidates.length, json.candidatesMore, json.complete]).toEqual([1, 1, false]);
    const proven = JSON.parse((await ctx(dir, "traverse", "Caller", "direct", "--json")).stdout) as { complete: boolean };
    expect(proven.complete).toBe(true);
  });

  it("keeps a call on a package's own value outside the repository", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Caller", "Cache.useEffect");
    expect(run.stdout).not.toContain("use-base-query.ts");
  });
});

describe("the same rule in Python and Go", () => {
  it("keeps a Python call on what a standard-library function returns as a candidate", async () => {
    const dir = await indexedFiles({
      "app/__init__.py": "",
      "app/observer.py": "class QueryObserver:\n    def set_options(self, options):\n        return options\n",
      "app/use.py": "import copy\n\nfrom app.observer import QueryObserver\n\n\ndef direct(observer: QueryObserver):\n    observer.set_options({})\n\n\ndef cloned(observer: QueryObserver):\n    twin = copy.copy(observer)\n    twin.set_options({})\n",
    });
    const run = await ctx(dir, "traverse", "Caller", "QueryObserver.set_options");
    expect(run.stdout.trimEnd().split("\n").slice(-3)).toEqual(["  app/use.py: direct 7", "1 unresolved call named set_options (receiver type unknown: each may call it):", "  app/use.py: cloned 12"]);
  });

  it("does not call a Go answer complete while calls of that name are unresolved", async () => {
    const dir = await indexedFiles({
      "go.mod": "module example.com/got\n\ngo 1.22\n",
      "observer.go":
        "package got\n\nimport \"sync\"\n\ntype QueryObserver struct{}\n\nfunc (o *QueryObserver) SetOptions(options map[string]any) {}\n\nfunc Direct(o *QueryObserver) {\n\to.SetOptions(nil)\n}\n\nfunc Lazy() {\n\tget := sync.OnceValue(func() *QueryObserver { return &QueryObserver{} })\n\tget().SetOptions(nil)\n}\n",
    });
    const run = await ctx(dir, "traverse", "Caller", "QueryObserver.SetOptions");
    expect(run.stdout).not.toContain("complete");
    expect(run.stdout.trimEnd().split("\n").slice(-2)).toEqual(["1 unresolved call named SetOptions (receiver type unknown: each may call it):", "  observer.go: Lazy 15"]);
  });
});
