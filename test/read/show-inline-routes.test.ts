import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "read/inline-route-handlers";

describe("ctx show of a route whose handler is written inline", () => {
  it("prints the registration with its handler, fresh, as text and JSON", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "show", "GET /health");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(['SHOW route GET /health src/server.ts:5-7', '5\tapp.get("/health", (req, res) => {', "6\t  res.json({ ok: true });", "7\t});", ""].join("\n"));

    const json = JSON.parse((await ctx(dir, "show", "GET /health", "--json")).stdout);
    expect(json).toMatchObject({ status: "hit", reason: null, matches: [{ name: "GET /health", kind: "route", path: "src/server.ts", line: 5, endLine: 7, state: "fresh" }], source: { start: 5, end: 7, more: 0 } });
  });

  it("shows the registration, not the function it is written in, and a chain as its whole statement", async () => {
    const dir = await indexedFixture(FIXTURE);
    const admin = await ctx(dir, "show", "POST /admin/reset");
    expect(admin.code, admin.stdout).toBe(0);
    expect(admin.stdout.split("\n")[0]).toBe("SHOW route POST /admin/reset src/server.ts:11-13");
    expect(admin.stdout).not.toContain("export function mountAdmin");

    const chained = await ctx(dir, "show", "DELETE /posts/:id");
    expect(chained.code, chained.stdout).toBe(0);
    expect(chained.stdout.split("\n")[0]).toBe("SHOW route DELETE /posts/:id src/api.ts:5-8");
    expect(chained.stdout).toContain("7\t    return c.body(null, 204);");

    const both = await ctx(dir, "show", "/posts/:id");
    expect(both.code).toBe(0);
    expect(both.stdout.split("\n")).toEqual([
      "SHOW /posts/:id: 2 declarations; name one as path:Name or path:line",
      'route DELETE /posts/:id src/api.ts:5-8 · api.get("/posts/:id", (c) => c.json({ id: c.req.param("id") }))',
      'route GET /posts/:id src/api.ts:5-8 · api.get("/posts/:id", (c) => c.json({ id: c.req.param("id") }))',
      "",
    ]);
  });

  it("misses as stale while the file differs from the index, and `ctx index` clears it", async () => {
    const dir = await indexedFixture(FIXTURE);
    const file = join(dir, "src/server.ts");
    writeFileSync(file, `// moved\n${readFileSync(file, "utf8")}`);
    const changed = await ctx(dir, "show", "GET /health");
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^TRAVERSE_MISS Show GET \/health: stale/);
    expect(changed.stdout).toContain("rejected: src/server.ts (modified since indexing)");

    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const again = await ctx(dir, "show", "GET /health");
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout.split("\n")[0]).toBe("SHOW route GET /health src/server.ts:6-8");
  });
});
