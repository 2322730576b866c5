import { describe, expect, it } from "vitest";
import { traverse } from "../../src/core/traverse/traverse.js";
import type { Lookup, RecordedFiles, TraverseSource } from "../../src/core/traverse/traverse-source.js";
import type { SymbolRow } from "../../src/formats/symbol-index.js";
import type { CallEdge, RepoPath } from "../../src/model.js";

/** An index held in memory: what `ctx index` recorded, and what the files hash to now. */
function memorySource(recorded: Record<RepoPath, string>, now: Record<RepoPath, string | null>, symbols: SymbolRow[], edges: CallEdge[]): TraverseSource {
  const files: RecordedFiles = {
    load: async () => {},
    get: (path) => (recorded[path] === undefined ? undefined : { sha256: recorded[path]!, module: "app" }),
    pathsOf: async () => Object.keys(recorded).sort(),
  };
  const lookup = <T>(rows: T[]): Lookup<T> => ({ rows, files });
  const last = (name: string): string => name.slice(name.lastIndexOf(".") + 1);
  return {
    symbols: async (name) => lookup(symbols.filter((s) => s.name === name)),
    symbolNames: async () => symbols.map((s) => s.name),
    aliases: async () => lookup([]),
    endpoints: async () => lookup([]),
    modules: async () => lookup([]),
    calls: async (direction, name) => lookup(edges.filter((e) => last(direction === "callers" ? e.callee : e.caller) === name)),
    memberCalls: async () => lookup([]),
    listens: async () => lookup(edges.filter((e) => e.via === "listen")),
    overrides: async () => lookup([]),
    exportedNames: async () => [],
    declarationsIn: async (path) => symbols.filter((s) => s.path === path).map((s) => ({ name: s.name, line: s.line, endLine: s.endLine })),
    mentions: async () => undefined,
    hash: (paths) => new Map([...paths].map((path) => [path, now[path] ?? null])),
    cachedErrors: async () => ({ cached: [], warnings: [] }),
    memory: async () => [],
    invocation: "ctx",
  };
}

const symbol = (name: string, path: RepoPath, line: number): SymbolRow => ({ name, kind: "function", container: "", exported: true, path, line, endLine: line + 2, signature: `function ${name}()`, isTest: false });
const call = (path: RepoPath, line: number, caller: string, callee: string, target: { path: RepoPath; line: number }): CallEdge => ({ path, line, column: 3, caller, callerKind: "function", via: "call", callee, target: { ...target, kind: "function" } });

describe("traverse, from values: an index and the files' hashes now", () => {
  const symbols = [symbol("save", "src/store.ts", 1), symbol("create", "src/a.ts", 1), symbol("update", "src/b.ts", 1)];
  const edges = [call("src/a.ts", 2, "create", "save", { path: "src/store.ts", line: 1 }), call("src/b.ts", 2, "update", "save", { path: "src/store.ts", line: 1 })];
  const recorded = { "src/store.ts": "s1", "src/a.ts": "a1", "src/b.ts": "b1" };

  it("answers a Caller question with every site whose files still hash as indexed", async () => {
    const answer = await traverse(memorySource(recorded, recorded, symbols, edges), { kind: "Caller", query: "save", limit: 20 });
    expect(answer.status).toBe("hit");
    expect(answer.hits.map((hit) => `${hit.path}:${hit.line} ${hit.name}`)).toEqual(["src/a.ts:2 create", "src/b.ts:2 update"]);
  });

  it("drops a site in a file changed since indexing, and misses as stale when the declaration's own file changed", async () => {
    const partly = await traverse(memorySource(recorded, { ...recorded, "src/b.ts": "b2" }, symbols, edges), { kind: "Caller", query: "save", limit: 20 });
    expect(partly.hits.map((hit) => hit.path)).toEqual(["src/a.ts"]);
    expect(partly.rejected).toEqual([{ path: "src/b.ts", reason: "modified" }]);
    const stale = await traverse(memorySource(recorded, { ...recorded, "src/store.ts": null }, symbols, edges), { kind: "Caller", query: "save", limit: 20 });
    expect(stale).toMatchObject({ status: "miss", reason: "stale" });
  });

  it("names the declaration at a path:line query, and misses where there is none", async () => {
    const source = memorySource(recorded, recorded, symbols, edges);
    expect((await traverse(source, { kind: "Symbol", query: "src/a.ts:2", limit: 5 })).hits.map((hit) => hit.name)).toEqual(["create"]);
    expect(await traverse(source, { kind: "Symbol", query: "src/a.ts:40", limit: 5 })).toMatchObject({ status: "miss", reason: "no-such-symbol" });
  });
});
