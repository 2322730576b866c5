import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi } from "../helpers/fixture.js";

const FIXTURE = "traverse/export-aliases";

describe("a name exported for a declaration of another name", () => {
  it("traverse Symbol answers the alias with the declaration, and says what it is exported as and where", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Symbol", "HonoBase");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toBe(
      ["TRAVERSE_HIT Symbol HonoBase (1)", "src/hono.ts:1-5 class Hono · export class Hono · exported as HonoBase from src/hono.ts, src/index.ts", ""].join("\n"),
    );
    const json = JSON.parse((await ctx(dir, "traverse", "Symbol", "HonoBase", "--json")).stdout);
    expect(json).toMatchObject({ status: "hit", hits: [{ name: "Hono", kind: "class", path: "src/hono.ts", line: 1, exportedAs: "HonoBase", exportedFrom: ["src/hono.ts", "src/index.ts"] }] });

    // A default export re-exported under a name, and a named one renamed on the way.
    expect((await ctx(dir, "traverse", "Symbol", "Thing")).stdout).toContain("src/thing.ts:1-3 function makeThing · export default function makeThing(): number · exported as Thing from src/index.ts");
    expect((await ctx(dir, "traverse", "Symbol", "maxThings")).stdout).toContain("src/thing.ts:5 constant limit · export const limit = 2 · exported as maxThings from src/index.ts");
  });

  it("show prints the declaration an alias stands for", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "show", "HonoBase");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split("\n").slice(0, 2)).toEqual(["SHOW class Hono src/hono.ts:1-5 (exported as HonoBase from src/hono.ts, src/index.ts)", "1\texport class Hono {"]);
    const json = JSON.parse((await ctx(dir, "show", "Thing", "--json")).stdout);
    expect(json).toMatchObject({ status: "hit", matches: [{ name: "makeThing", kind: "function", path: "src/thing.ts", exportedAs: "Thing", exportedFrom: ["src/index.ts"] }], source: { start: 1, end: 3 } });
  });

  it("lists the aliases in call_index.md, and calls through an alias land on the declaration", async () => {
    const dir = await indexedFixture(FIXTURE);
    const index = readAi(dir, "call_index.md");
    expect(index.slice(index.indexOf("## Aliases"))).toContain(
      [
        "| alias | exported from | declaration | kind | location |",
        "| --- | --- | --- | --- | --- |",
        "| HonoBase | src/hono.ts | Hono | class | src/hono.ts:1 |",
        "| HonoBase | src/index.ts | Hono | class | src/hono.ts:1 |",
        "| Thing | src/index.ts | makeThing | function | src/thing.ts:1 |",
        "| maxThings | src/index.ts | limit | constant | src/thing.ts:5 |",
        "",
      ].join("\n"),
    );
    const callers = await ctx(dir, "traverse", "Caller", "Hono");
    expect(callers.stdout).toContain("src/app.ts: startApp 4");
  });

  it("traverse Caller of an alias answers for the declaration, say so, and miss as stale while an exporting file changed", async () => {
    const dir = await indexedFixture(FIXTURE);
    const callers = await ctx(dir, "traverse", "Caller", "HonoBase");
    expect(callers.code, callers.stdout).toBe(0);
    // The same sites as `traverse Caller Hono`: `new HonoBase()` and a member called on what it made.
    expect(callers.stdout.split("\n").slice(0, 6)).toEqual([
      "TRAVERSE_HIT Caller HonoBase (2 sites in 1 file)",
      "HonoBase: exported as an alias of class Hono src/hono.ts:1 (from src/hono.ts, src/index.ts); the sites are Hono's",
      "→ class Hono src/hono.ts:1 · 1 site in 1 file",
      "  src/app.ts: startApp 4",
      "→ method Hono.get src/hono.ts:2 · 1 site in 1 file",
      "  src/app.ts: startApp 5",
    ]);
    const json = JSON.parse((await ctx(dir, "traverse", "Caller", "HonoBase", "--json")).stdout);
    expect(json).toMatchObject({ status: "hit", query: "HonoBase", aliasOf: { alias: "HonoBase", name: "Hono", kind: "class", path: "src/hono.ts", line: 1, exportedFrom: ["src/hono.ts", "src/index.ts"] } });
    expect(json.hits[0]).toMatchObject({ path: "src/app.ts", line: 4, callee: "Hono" });

    const barrel = join(dir, "src/index.ts");
    writeFileSync(barrel, `${readFileSync(barrel, "utf8")}// edited\n`);
    const stale = await ctx(dir, "traverse", "Caller", "HonoBase");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Caller HonoBase: stale \(HonoBase is exported from src\/index\.ts, changed since indexing; run `.+ index` to refresh\)\n/);
    expect(stale.stdout).toContain("rejected: src/index.ts (modified since indexing)\nfallback: rg -n -w -e HonoBase -- src\n");
  });

  it("misses as stale while a file exporting the alias changed, and follows a declaration that moved after `ctx index`", async () => {
    const dir = await indexedFixture(FIXTURE);
    const barrel = join(dir, "src/index.ts");
    writeFileSync(barrel, readFileSync(barrel, "utf8").replace('export { default as Thing } from "./thing";\n', ""));
    const changed = await ctx(dir, "traverse", "Symbol", "Thing");
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain("rejected: src/index.ts (modified since indexing)");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const gone = await ctx(dir, "traverse", "Symbol", "Thing", "--json");
    expect(JSON.parse(gone.stdout)).toMatchObject({ status: "miss", reason: "no-such-symbol" });

    // Only thing.ts changes: the barrel re-exporting from it is linked again, and its alias follows the declaration.
    const thing = join(dir, "src/thing.ts");
    writeFileSync(thing, `// Things.\n\n${readFileSync(thing, "utf8")}`);
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect((await ctx(dir, "show", "maxThings")).stdout.split("\n")[0]).toBe("SHOW constant limit src/thing.ts:7-7 (exported as maxThings from src/index.ts)");
  });
});
