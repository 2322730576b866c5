import { appendFileSync, rmSync, unlinkSync, writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, CTX_HERE, indexedFixture, tempDir } from "../helpers/fixture.js";

const indexed = (): Promise<string> => indexedFixture("traverse/users-service");

describe("ctx traverse Symbol", () => {
  it("answers an exact name with path:line, kind and signature, source before tests", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Symbol", "formatUser");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "TRAVERSE_HIT Symbol formatUser (2)",
        "src/billing/invoice.ts:1-3 function formatUser · export function formatUser(name: string): string",
        "src/users/users.service.ts:13-15 function formatUser · export function formatUser(user: User): string",
        "",
      ].join("\n"),
    );
  });

  it("narrows by container (Class.member) and by file (path:name), with kinds matched case-insensitively", async () => {
    const dir = await indexed();
    const member = await ctx(dir, "traverse", "symbol", "UsersService.findOne");
    expect(member.stdout.split("\n").slice(0, 2)).toEqual([
      "TRAVERSE_HIT Symbol UsersService.findOne (1)",
      "src/users/users.service.ts:6-8 method UsersService.findOne · findOne(id: string): User",
    ]);
    const byFile = await ctx(dir, "traverse", "SYMBOL", "users/users.controller.ts:findOne");
    expect(byFile.stdout).toContain("src/users/users.controller.ts:8-11 method UsersController.findOne");
    expect(byFile.stdout).not.toContain("users.service.ts");
  });

  it("prints the documented JSON shape", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Symbol", "UsersService", "--json");
    expect(JSON.parse(run.stdout)).toEqual({
      status: "hit",
      kind: "Symbol",
      query: "UsersService",
      hits: [
        {
          name: "UsersService",
          kind: "class",
          container: "",
          path: "src/users/users.service.ts",
          line: 5,
          endLine: 11,
          signature: "export class UsersService",
          exported: true,
          module: "users",
        },
      ],
      total: 1,
      rejected: [],
      suggestions: [],
      reason: null,
      fallback: null,
    });
  });

  it("misses with did-you-mean suggestions and a fallback search, never a fuzzy hit", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Symbol", "usersService");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'TRAVERSE_MISS Symbol usersService: no-such-symbol (no symbol named exactly "usersService" in the index)',
        "did you mean: UsersService",
        "fallback: rg -n -w -e usersService -- .",
        "",
      ].join("\n"),
    );
  });

  it("suggests the names an incremental index added and no longer the ones it removed", async () => {
    const dir = await indexed();
    // A copy's caches are out of step with its files' times: one run brings them in, so that the edit's run patches them.
    expect((await ctx(dir, "index", "--quiet")).code).toBe(0);
    const path = join(dir, "src/users/users.service.ts");
    writeFileSync(path, readFileSync(path, "utf8").replaceAll("UsersService", "AccountsService"));
    expect((await ctx(dir, "index", "--quiet")).code).toBe(0);
    const added = await ctx(dir, "traverse", "Symbol", "accountsService");
    expect(added.stdout.split("\n")[1]).toBe("did you mean: AccountsService");
    const removed = await ctx(dir, "traverse", "Symbol", "usersService");
    expect(removed.stdout).not.toContain("did you mean: UsersService");
  });

  it("rejects a candidate whose file changed since indexing and answers with the fresh ones", async () => {
    const dir = await indexed();
    appendFileSync(join(dir, "src/billing/invoice.ts"), "// edited\n");
    const run = await ctx(dir, "traverse", "Symbol", "formatUser", "--json");
    const result = JSON.parse(run.stdout) as { status: string; hits: { path: string }[]; rejected: unknown[] };
    expect(run.code).toBe(0);
    expect(result.hits.map((h) => h.path)).toEqual(["src/users/users.service.ts"]);
    expect(result.rejected).toEqual([{ path: "src/billing/invoice.ts", reason: "modified" }]);
  });

  it("answers TRAVERSE_MISS stale with the narrowest fallback when no candidate is fresh", async () => {
    const dir = await indexed();
    writeFileSync(join(dir, "src/users/users.service.ts"), "export class UsersService {}\n");
    const run = await ctx(dir, "traverse", "Symbol", "UsersService.remove");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        `TRAVERSE_MISS Symbol UsersService.remove: stale (1 candidate file changed since indexing; run \`${CTX_HERE} index\` to refresh)`,
        "rejected: src/users/users.service.ts (modified since indexing)",
        "fallback: rg -n -w -e remove -- src/users",
        "",
      ].join("\n"),
    );
    unlinkSync(join(dir, "src/users/users.service.ts"));
    const gone = JSON.parse((await ctx(dir, "traverse", "Symbol", "UsersService", "--json")).stdout) as { reason: string; rejected: unknown[] };
    expect(gone.reason).toBe("stale");
    expect(gone.rejected).toEqual([{ path: "src/users/users.service.ts", reason: "missing" }]);
  });

  it("cuts hits past --limit with a +N more line", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Symbol", "formatUser", "--limit", "1");
    expect(run.stdout.split("\n")).toEqual([
      "TRAVERSE_HIT Symbol formatUser (2)",
      expect.stringContaining("src/billing/invoice.ts:1-3"),
      "+1 more (not yet checked for freshness; raise --limit to see them)",
      "",
    ]);
  });

  it("checks lower-ranked candidates only until --limit fresh hits are found, skipping stale ones", async () => {
    const dir = await indexed();
    appendFileSync(join(dir, "src/billing/invoice.ts"), "// edited\n");
    const run = JSON.parse((await ctx(dir, "traverse", "Symbol", "formatUser", "--limit", "1", "--json")).stdout) as {
      hits: { path: string }[];
      total: number;
      rejected: unknown[];
    };
    expect(run.hits.map((h) => h.path)).toEqual(["src/users/users.service.ts"]);
    expect(run.total).toBe(1);
    expect(run.rejected).toEqual([{ path: "src/billing/invoice.ts", reason: "modified" }]);
  });

  it("reads the committed Markdown again when it changes under its cache", async () => {
    const dir = await indexed();
    expect((await ctx(dir, "traverse", "Symbol", "createInvoice")).code).toBe(0);
    const path = join(dir, ".ai/symbol_index.md");
    writeFileSync(path, readFileSync(path, "utf8").split("\n").filter((line) => !line.startsWith("| createInvoice ")).join("\n"));
    expect((await ctx(dir, "traverse", "Symbol", "createInvoice")).code).toBe(1);
  });

  it("reports a malformed index row with its file and line, exit 2", async () => {
    const dir = await indexed();
    const path = join(dir, ".ai/symbol_index.md");
    writeFileSync(path, readFileSync(path, "utf8").replace("| createInvoice | function |", "| createInvoice | gadget |"));
    const run = await ctx(dir, "traverse", "Symbol", "createInvoice");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ctx: \.ai\/symbol_index\.md:\d+: unknown kind "gadget"/);
  });
});

describe("ctx traverse Endpoint and Module", () => {
  it("finds a route mounted across files by its full URL, says where the prefixes come from, and rejects it when a mount file changed", async () => {
    const dir = await indexedFixture("endpoints/express-mounted-routers");
    const run = await ctx(dir, "traverse", "Endpoint", "GET https://example.com/api/v2/articles/how-to-train?draft=1");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "TRAVERSE_HIT Endpoint GET https://example.com/api/v2/articles/how-to-train?draft=1 (2)\n" +
        "src/routes/articles.ts:8 GET /api/v2/articles/:slug → getArticle src/handlers.ts:1 (express; written /:slug, mounted at src/app.ts:9, src/routes/index.js:3)\n" +
        // A path only the running program knows may match too: after the parameter.
        "src/routes/articles.ts:9 GET /api/v2/articles/{paths.feed} → feed src/handlers.ts:3 (express; written {paths.feed}, mounted at src/app.ts:9, src/routes/index.js:3)\n",
    );
    // The handler's file is unchanged, but the prefix moved: the indexed route is stale.
    writeFileSync(join(dir, "src/app.ts"), readFileSync(join(dir, "src/app.ts"), "utf8").replace('"/api/v2"', '"/api/v3"'));
    const stale = await ctx(dir, "traverse", "Endpoint", "GET /api/v2/articles/how-to-train");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("TRAVERSE_MISS");
    expect(stale.stdout).toContain("src/app.ts");
  });

  it("matches a concrete path against route parameters, a route fragment, or a handler name", async () => {
    const dir = await indexed();
    const concrete = await ctx(dir, "traverse", "Endpoint", "GET", "/users/42");
    expect(concrete.stdout).toBe(
      "TRAVERSE_HIT Endpoint GET /users/42 (1)\nsrc/users/users.controller.ts:8 GET /users/:id → UsersController.findOne (nestjs)\n",
    );
    expect((await ctx(dir, "traverse", "Endpoint", "users")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Endpoint", "findOne")).code).toBe(0);
    const wrongMethod = await ctx(dir, "traverse", "Endpoint", "POST /users/42");
    expect(wrongMethod.code).toBe(1);
    expect(wrongMethod.stdout).toContain("fallback: rg -n -F -e /users/42 -- .");
    // What a user has in hand: a log line, a curl command, a URL under a prefix mounted elsewhere.
    for (const pasted of ["GET /users/42 500 12ms", "curl -s https://api.example.com/users/42?x=1", "GET https://api.example.com/api/v1/users/42"]) {
      const run = await ctx(dir, "traverse", "Endpoint", pasted);
      expect(run.stdout).toContain("src/users/users.controller.ts:8 GET /users/:id → UsersController.findOne (nestjs)\n");
    }
  });

  it("finds a module by name or by a path inside it", async () => {
    const dir = await indexed();
    const byName = JSON.parse((await ctx(dir, "traverse", "Module", "billing", "--json")).stdout) as { hits: { name: string; entries: string[] }[] };
    expect(byName.hits.map((h) => h.name)).toEqual(["billing"]);
    const byPath = await ctx(dir, "traverse", "Module", "src/users/users.service.ts");
    expect(byPath.stdout.split("\n")[1]).toBe(
      "src/users/ module users · 2 files; entries: src/users/users.service.ts; depends on: nothing",
    );
  });

  it("says how many more files other modules import than the five entries listed, and how to see every file", async () => {
    const dir = copyFixture("traverse/widely-imported-module");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const run = await ctx(dir, "traverse", "Module", "lib");
    expect(run.stdout.split("\n")[1]).toBe(
      `src/lib/ module lib · 7 files; entries: src/lib/a.ts, src/lib/b.ts, src/lib/c.ts, src/lib/d.ts, src/lib/e.ts, +2 more imported by other modules (\`${CTX_HERE} outline lib\` lists every file); depends on: nothing`,
    );
    const json = JSON.parse((await ctx(dir, "traverse", "Module", "lib", "--json")).stdout) as { hits: { entries: string[]; moreEntries: number }[] };
    expect(json.hits[0]).toMatchObject({ entries: ["src/lib/a.ts", "src/lib/b.ts", "src/lib/c.ts", "src/lib/d.ts", "src/lib/e.ts"], moreEntries: 2 });
  });

  it("misses a module when any of its files changed, since its entries and dependencies rest on all of them", async () => {
    const dir = await indexed();
    appendFileSync(join(dir, "src/users/users.controller.ts"), "\n");
    const run = await ctx(dir, "traverse", "Module", "users");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("TRAVERSE_MISS Module users: stale");
  });
});

describe("kinds without data, and repositories without an index", () => {
  it("answers Err and Brain with a no-data miss", async () => {
    const dir = await indexed();
    for (const kind of ["Err", "Brain"]) {
      const run = await ctx(dir, "traverse", kind, "anything", "--json");
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ status: "miss", kind, reason: "no-data" });
    }
  });

  it("misses with not-indexed before `ctx index` has run", async () => {
    const dir = tempDir();
    rmSync(join(dir, ".ai"), { recursive: true, force: true });
    const run = await ctx(dir, "traverse", "Symbol", "Foo");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`TRAVERSE_MISS Symbol Foo: not-indexed (no index under .ai/; run \`${CTX_HERE} index\` first)\nfallback: rg -n -w -e Foo -- .\n`);
  });

  it("rejects an unknown kind as a usage error, exit 2", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Function", "Foo");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("expected one of Symbol, Endpoint, Module, Caller, Callee, Impact, Flow, Err, Brain");
  });

  it("answers path:line for the declaration on that line or around it, as an editor or a stack trace gives it", async () => {
    const dir = await indexed();
    const byName = await ctx(dir, "traverse", "Symbol", "src/users/users.service.ts:UsersService.findOne", "--json");
    const row = (JSON.parse(byName.stdout) as { hits: { line: number; endLine: number; name: string }[] }).hits[0]!;
    for (const line of [row.line, row.endLine]) {
      const run = await ctx(dir, "traverse", "Symbol", `src/users/users.service.ts:${line}`, "--json");
      expect(run.code, run.stdout).toBe(0);
      expect((JSON.parse(run.stdout) as { query: string; hits: { line: number }[] })).toMatchObject({ query: `src/users/users.service.ts:${line}`, hits: [{ line: row.line }] });
    }
    const nothing = await ctx(dir, "traverse", "Caller", "src/users/users.service.ts:999");
    expect(nothing.code).toBe(1);
    expect(nothing.stdout).toContain("no declaration at src/users/users.service.ts:999 in the index");
  });

  it("rejects a file's path where a declaration is asked for, exit 2, saying how to name one in it", async () => {
    const dir = await indexed();
    for (const kind of ["Symbol", "Caller", "Callee"]) {
      const run = await ctx(dir, "traverse", kind, "src/users/users.service.ts");
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`"src/users/users.service.ts" is a file, not a declaration`);
      expect(run.stderr).toContain(`ctx traverse ${kind} 'src/users/users.service.ts:Name'`);
    }
  });
});
