import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, indexedFixture } from "../helpers/fixture.js";

// Receivers the linker cannot type (a `let` assigned after it is declared, a getter of an object literal, `any`): their
// `setOptions` calls stay candidates by name, which the checker settles with --exact.
const FIXTURE = "traverse/exact-candidates";

const TIME_LINE = /^exact: checked 4 candidate sites in 2 files \(\d+ files in the program\) in \d+ ms$/m;

describe("traverse Caller/Callee --exact", () => {
  it("leaves the calls whose receiver the linker cannot type as candidates without it", async () => {
    const dir = await indexedFixture(FIXTURE);
    const json = JSON.parse((await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--json")).stdout);
    expect(json.hits.map((hit: { line: number }) => hit.line)).toEqual([5]);
    expect(json.candidates.map((hit: { path: string; line: number }) => `${hit.path}:${hit.line}`)).toEqual(["src/loose.ts:3", "src/observe.ts:11", "src/observe.ts:16", "src/observe.ts:22"]);
    expect(json.exact).toBeUndefined();
  });

  it("promotes the candidates the checker proves calls of the declaration, drops those of another, keeps the rest, and says what it cost", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--exact");
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "TRAVERSE_HIT Caller QueryObserver.setOptions (3 sites in 1 file)",
      "→ method QueryObserver.setOptions src/query-observer.ts:6",
      "  src/observe.ts: observeDirectly 5; observeLater 11; observeThroughGetter 16",
    ]);
    expect(run.stdout).toMatch(TIME_LINE);
    expect(run.stdout).toContain("exact: 2 proved a call of it (src/observe.ts:11, src/observe.ts:16), 1 settled as a call of another declaration, 1 still unresolved\n");
    // The `any` receiver is still a candidate: the answer is not complete.
    expect(run.stdout).toContain("src/loose.ts");
    expect(run.stdout).not.toContain("complete; 0 unresolved");

    const json = JSON.parse((await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--exact", "--json")).stdout);
    expect(json.exact).toMatchObject({ sites: 4, files: 2, calls: 2, other: 1, unsettled: 1, skipped: 0 });
    expect(json.exact.programFiles).toBeGreaterThan(2);
    expect(typeof json.exact.ms).toBe("number");
    expect(json.hits.filter((hit: { exact?: boolean }) => hit.exact === true)).toMatchObject([
      { name: "observeLater", path: "src/observe.ts", line: 11, callee: "QueryObserver.setOptions", calleePath: "src/query-observer.ts", calleeLine: 6, signature: "call QueryObserver.setOptions" },
      { name: "observeThroughGetter", path: "src/observe.ts", line: 16 },
    ]);
    expect(json.candidates.map((hit: { path: string; line: number }) => `${hit.path}:${hit.line}`)).toEqual(["src/loose.ts:3"]);
    // The call settled as MutationObserver's is counted among other declarations' calls by the grep account.
    expect(json.mentions).toMatchObject({ otherCalls: 1 });
  });

  it("says complete only once the checker leaves no candidate", async () => {
    const dir = await indexedFixture(FIXTURE);
    rmSync(join(dir, "src/loose.ts"));
    git(dir, "commit", "-q", "-am", "no any receiver");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const plain = await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions");
    expect(plain.stdout).not.toMatch(/^complete/m);
    const exact = await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--exact");
    expect(exact.stdout).toMatch(/^complete; rg -w adds [^\n]*\n/m);
    expect(exact.stdout).toContain("exact: 2 proved a call of it (src/observe.ts:11, src/observe.ts:16), 1 settled as a call of another declaration, 0 still unresolved\n");
    const other = JSON.parse((await ctx(dir, "traverse", "Caller", "MutationObserver.setOptions", "--exact", "--json")).stdout);
    expect(other).toMatchObject({ status: "hit", complete: true, total: 1, hits: [{ name: "mutateLater", line: 22, exact: true }], candidates: [], exact: { calls: 1, other: 2, unsettled: 0 } });
  });

  it("proves a call on a receiver typed through a package's generic once the package is installed: useState(() => new Observer(client)) with Observer: typeof QueryObserver", async () => {
    const dir = await indexedFixture(FIXTURE);
    writeFileSync(
      join(dir, "src/use-base-query.ts"),
      [
        'import { useState } from "fake-react";',
        'import { QueryClient, QueryObserver } from "./query-observer";',
        "",
        "export function useBaseQuery(client: QueryClient, Observer: typeof QueryObserver): void {",
        "  const [observer] = useState(() => new Observer(client));",
        "  observer.setOptions({ enabled: true });",
        "}",
        "",
      ].join("\n"),
    );
    git(dir, "add", "src/use-base-query.ts");
    git(dir, "commit", "-q", "-m", "useState");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const sitesOf = (hits: { path: string; line: number }[]): string[] => hits.map((hit) => `${hit.path}:${hit.line}`);

    // Not installed: `useState` hands back `any` to the checker too, and the answer says why the site stays.
    const before = await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--exact");
    expect(before.stdout).toContain("still unresolved; not installed, so typed `any`: fake-react (install dependencies to settle more)\n");
    expect(sitesOf(JSON.parse((await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--exact", "--json")).stdout).candidates)).toContain("src/use-base-query.ts:6");

    mkdirSync(join(dir, "node_modules/fake-react"), { recursive: true });
    writeFileSync(join(dir, "node_modules/fake-react/package.json"), '{ "name": "fake-react", "version": "1.0.0", "types": "index.d.ts" }\n');
    writeFileSync(join(dir, "node_modules/fake-react/index.d.ts"), "export declare function useState<S>(initial: S | (() => S)): [S, (value: S) => void];\n");
    const json = JSON.parse((await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--exact", "--json")).stdout);
    expect(json.hits).toContainEqual(expect.objectContaining({ name: "useBaseQuery", path: "src/use-base-query.ts", line: 6, calleePath: "src/query-observer.ts", calleeLine: 6, exact: true }));
    expect(sitesOf(json.candidates)).toEqual(["src/loose.ts:3"]);
    expect(json.exact.missingPackages).toEqual([]);
  });

  it("settles a Callee's unresolved calls to the declarations they reach", async () => {
    const dir = await indexedFixture(FIXTURE);
    const json = JSON.parse((await ctx(dir, "traverse", "Callee", "observeLater", "--exact", "--json")).stdout);
    expect(json.exact).toMatchObject({ sites: 1, calls: 1, other: 0, unsettled: 0 });
    expect(json.hits).toContainEqual(expect.objectContaining({ line: 11, callee: "QueryObserver.setOptions", calleePath: "src/query-observer.ts", calleeLine: 6, exact: true }));
    expect(json.candidates).toEqual([]);
  });

  it("answers the MCP caller request with exact: true the same way", async () => {
    const dir = await indexedFixture(FIXTURE);
    const { answerRequest } = await import("../../src/cli/commands/mcp-command.js");
    const answer = (await answerRequest(dir, { request: "caller", query: "QueryObserver.setOptions", exact: true })) as Record<string, unknown>;
    expect(answer).toMatchObject({ total: 3, exact: { sites: 4, calls: 2, other: 1, unsettled: 1 }, complete: false });
    const plain = (await answerRequest(dir, { request: "caller", query: "QueryObserver.setOptions" })) as Record<string, unknown>;
    expect(plain).toMatchObject({ total: 1, complete: false });
    expect(plain.exact).toBeUndefined();
  });

  it("is a usage error for other kinds", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Symbol", "QueryObserver", "--exact");
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("--exact settles call sites: it applies to Caller and Callee, not Symbol");
  });
});
