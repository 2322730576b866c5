import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "read/users-api";

describe("ctx show", () => {
  it("prints one declaration as it is, from its doc comment to its last line, numbered", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "show", "UsersService.findOne");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        "SHOW method UsersService.findOne src/users/users.service.ts:16-19",
        "16\t  /** One user, or undefined when there is none. */",
        "17\t  findOne(id: string): User | undefined {",
        "18\t    return this.users.get(id);",
        "19\t  }",
        "",
      ].join("\n"),
    );
  });

  it("starts a decorated class at its doc comment above the decorator, and a method past a line comment at its doc comment", async () => {
    const dir = await indexedFixture(FIXTURE);
    const shown = JSON.parse((await ctx(dir, "show", "UsersService", "--json", "--budget", "0")).stdout);
    expect(shown.source).toMatchObject({ start: 8, end: 26, more: 0 });
    expect(shown.source.text.split("\n")[4]).toBe("@Injectable()");
    const save = JSON.parse((await ctx(dir, "show", "src/users/users.service.ts:save", "--json")).stdout);
    expect(save.source).toMatchObject({ start: 22, end: 25 });
  });

  it("lists the declarations a name matches in several files, one line each and no bodies", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "show", "findOne");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      "SHOW findOne: 2 declarations; name one as path:Name or path:line",
      "function findOne src/billing/invoice.ts:2-4 · export function findOne(invoices: number[]): number {",
      "method UsersService.findOne src/users/users.service.ts:17-19 · findOne(id: string): User | undefined {",
      "",
    ]);
  });

  it("shows the declaration holding a line, and a route's handler", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect((await ctx(dir, "show", "src/users/users.service.ts:24")).stdout.split("\n")[0]).toBe("SHOW method UsersService.save src/users/users.service.ts:22-25");
    const route = await ctx(dir, "show", "GET /users/:id");
    expect(route.stdout.split("\n")[0]).toBe("SHOW function getUser src/users/routes.ts:9-11");
    const outside = await ctx(dir, "show", "src/users/users.service.ts:1");
    expect(outside.code).toBe(1);
    expect(outside.stdout).toContain("TRAVERSE_MISS Show src/users/users.service.ts:1: no-declaration");
    expect(outside.stdout).toContain("fallback: sed -n 1,41p -- src/users/users.service.ts");
  });

  it("cuts a long declaration at the budget and says how much is left and what budget shows it all", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "show", "UsersService", "--budget", "40");
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(8);
    expect(lines.at(-1)).toMatch(/^… \d+ lines more \(all of it: --budget \d+00\)$/);
    const more = Number(/… (\d+) lines/.exec(lines.at(-1)!)![1]);
    expect(lines.length - 2 + more).toBe(26 - 8 + 1);
  });

  it("prints the text as it is now when the file changed since indexing, and misses when the declaration is gone", async () => {
    const dir = await indexedFixture(FIXTURE);
    const file = join(dir, "src/users/users.service.ts");
    const before = readFileSync(file, "utf8");
    writeFileSync(file, before.replace("    return this.users.get(id);", "    // cached\n    return this.users.get(id.trim());"));
    const changed = await ctx(dir, "show", "UsersService.findOne");
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain("src/users/users.service.ts:16-20 (changed since indexing: parsed now)");
    expect(changed.stdout).toContain("19\t    return this.users.get(id.trim());");
    expect(changed.stdout).not.toContain("return this.users.get(id);");

    writeFileSync(file, before.replace(/ {2}\/\*\* One user[\s\S]*?\n {2}}\n/, ""));
    const gone = await ctx(dir, "show", "UsersService.findOne");
    expect(gone.code).toBe(1);
    expect(gone.stdout).toMatch(/^TRAVERSE_MISS Show UsersService.findOne: stale/);
    expect(gone.stdout).toContain("rejected: src/users/users.service.ts (modified since indexing)");
    expect(gone.stdout).toContain("fallback: rg -n -w -e findOne -- .");
    expect(gone.stdout).not.toContain("this.users.get(id)");

    rmSync(file);
    const deleted = await ctx(dir, "show", "src/users/users.service.ts:save");
    expect(deleted.code).toBe(1);
    expect(deleted.stdout).toContain("rejected: src/users/users.service.ts (missing since indexing)");
  });

  it("refuses a path outside the repository, and says when a name is not indexed", async () => {
    const dir = await indexedFixture(FIXTURE);
    const outside = await ctx(dir, "show", "../../etc/passwd:1");
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/is not inside the repository/);
    const unknown = await ctx(dir, "show", "nothingLikeThis", "--json");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ status: "miss", reason: "no-such-symbol", fallback: "rg -n -w -e nothingLikeThis -- ." });
  });
});
