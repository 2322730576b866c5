import { describe, expect, it } from "vitest";
import { settleCallee, settleCaller, spanOf, type ReachedDeclaration } from "../../src/core/traverse/settle-candidates.js";

const target = { path: "src/query-observer.ts", line: 6, endLine: 8 };
const indexed = new Set(["src/query-observer.ts", "src/mutation-observer.ts"]);
const isIndexed = (path: string): boolean => indexed.has(path);
const at = (path: string | null, line: number): ReachedDeclaration => ({ path, line });

describe("settling a candidate site with what the checker reached", () => {
  it("Caller: a call of the declaration when any use of the name on the line reaches it", () => {
    expect(settleCaller([[at("src/mutation-observer.ts", 2)], [at("src/query-observer.ts", 6)]], [target], isIndexed)).toEqual({ verdict: "calls", declaration: at("src/query-observer.ts", 6) });
  });

  it("Caller: another declaration's call only when every use reaches declarations placed elsewhere (indexed, or outside the repository)", () => {
    expect(settleCaller([[at("src/mutation-observer.ts", 2)], [at(null, 40)]], [target], isIndexed)).toEqual({ verdict: "other" });
    // `any`: the checker reached nothing.
    expect(settleCaller([[at("src/mutation-observer.ts", 2)], []], [target], isIndexed)).toEqual({ verdict: "unknown" });
    // A workspace package's build output may stand for the indexed declaration.
    expect(settleCaller([[at("packages/core/dist/index.d.ts", 10)]], [target], isIndexed)).toEqual({ verdict: "unknown" });
    // The name is not on the line any more.
    expect(settleCaller([], [target], isIndexed)).toEqual({ verdict: "unknown" });
  });

  it("Callee: the first indexed declaration reached; outside the repository only when every use lands there", () => {
    expect(settleCallee([[at(null, 3), at("src/query-observer.ts", 6)]], isIndexed)).toEqual({ verdict: "calls", declaration: at("src/query-observer.ts", 6) });
    expect(settleCallee([[at(null, 3)]], isIndexed)).toEqual({ verdict: "other" });
    expect(settleCallee([[at(null, 3)], []], isIndexed)).toEqual({ verdict: "unknown" });
  });

  it("places a reached declaration in the innermost span that holds it", () => {
    const spans = [{ path: "src/query-observer.ts", line: 3, endLine: 9, name: "QueryObserver" }, { ...target, name: "setOptions" }];
    expect(spanOf(at("src/query-observer.ts", 6), spans)?.name).toBe("setOptions");
    expect(spanOf(at("src/query-observer.ts", 4), spans)?.name).toBe("QueryObserver");
    expect(spanOf(at("src/other.ts", 6), spans)).toBeUndefined();
  });
});
