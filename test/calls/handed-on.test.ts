import { describe, expect, it } from "vitest";
import { CTX_HERE, ctx, hitLines, indexedFiles, indexedFixture } from "../helpers/fixture.js";

// `export default withProfiler(Providers)`: Providers is handed to a wrapper, not called; App renders the default export.
const indexed = (): Promise<string> => indexedFixture("calls/handed-on");

describe("a function handed on by name", () => {
  it("is no call site of it: Caller misses, and says where it is handed on and that Impact follows it", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Caller", "Providers");
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]).toBe(
      `TRAVERSE_MISS Caller Providers: no-calls ("Providers" is indexed but no resolved call sites reach it; handed on by name at src/providers.tsx:9 (\`${CTX_HERE} traverse Impact Providers\` follows those))`,
    );
  });

  it("is followed by Impact, the step marked as handed on, so the answer is whole", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "EnvironmentProvider")).toEqual([
      "TRAVERSE_HIT Impact EnvironmentProvider (1 entry point; 3 declarations reach it)",
      "→ function EnvironmentProvider src/environment.tsx:1",
      "via Providers src/providers.tsx:4 (1):",
      "  src/app.tsx: App 3",
      "shortest chain:",
      "  App → default → Providers (handed on, not called there) → EnvironmentProvider",
      "complete",
    ]);
  });

  it("is followed by Flow, marked", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Flow", "App")).toEqual([
      "TRAVERSE_HIT Flow App (5 declarations, depth 3)",
      "App src/app.tsx:3",
      "  default src/providers.tsx:9",
      "    withProfiler src/profiler.ts:1",
      "    Providers src/providers.tsx:4 (handed on)",
      "      EnvironmentProvider src/environment.tsx:1",
      "complete",
    ]);
  });
});

describe("a line that hands a function on and calls it", () => {
  it("keeps the call: a Caller answer lists it, the hand-off beside it does not hide it", async () => {
    const dir = await indexedFiles({
      "src/literal.ts": "export function literal(node: string): string {\n  return node;\n}\n",
      "src/use.ts": 'import { literal } from "./literal";\n\nexport function values(nodes: string[] | null, node: string): string[] {\n  return nodes ? nodes.map(literal) : [literal(node)];\n}\n',
    });
    expect(await hitLines(dir, "traverse", "Caller", "literal")).toEqual([
      "TRAVERSE_HIT Caller literal (1 site in 1 file)",
      "→ function literal src/literal.ts:1",
      "  src/use.ts: values 4",
      "complete; rg -w adds 1 import",
    ]);
  });
});
