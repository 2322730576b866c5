import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSymbolLookup, openIndexReader } from "../../src/io/lookup-cache.js";
import { ctx, indexedFixture } from "../helpers/fixture.js";

/**
 * Another ctx process that finds the cache stale rebuilds it and swaps its copy in; a reader that
 * began on the old copy finds its files gone. Removing the cache between two reads is that moment.
 */
describe("a lookup cache swapped away while a reader uses it", () => {
  it("traverse reads what is gone from the committed index, and answers as before", async () => {
    const dir = await indexedFixture("traverse/users-service");
    expect((await ctx(dir, "traverse", "Symbol", "UsersService")).code).toBe(0); // the copy's cache, rebuilt
    const lookup = (await loadSymbolLookup(dir, "UsersService"))!;
    const row = lookup.rows.find((r) => r.name === "UsersService")!;
    rmSync(join(dir, ".ai/.cache/lookup"), { recursive: true });
    await lookup.files.load([row.path]);
    expect(lookup.files.get(row.path)?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx(dir, "traverse", "Symbol", "UsersService")).code).toBe(0);
  });

  it("brief reads what is gone from the committed index; the ranked files keep the symbols of the table they were ranked on", async () => {
    const dir = await indexedFixture("traverse/users-service");
    expect((await ctx(dir, "traverse", "Symbol", "UsersService")).code).toBe(0); // the copy's cache, rebuilt
    const reader = (await openIndexReader(dir))!;
    const table = await reader.routing();
    const path = table.paths().find((p) => p.endsWith("users.service.ts"))!;
    const line = table.lineOf(path)!;
    rmSync(join(dir, ".ai/.cache/lookup"), { recursive: true });
    expect((await reader.symbolsNamed("UsersService")).map((r) => r.name)).toContain("UsersService");
    expect((await reader.callsTo("findOne")).length).toBeGreaterThan(0);
    await reader.files.load([path]);
    expect(reader.files.get(path)).toBeDefined();
    expect((await reader.routingSymbols([table.symbolsAt(line)]))[0]).toContain("UsersService");
  });
});
