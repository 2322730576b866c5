import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON is what the test inspects, field by field
type Json = Record<string, any>;

const FIXTURE = "brief/verb-named-functions";

async function brief(dir: string, task: string): Promise<Json> {
  const run = await ctx(dir, "brief", task, "--json");
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Json;
}

describe("ctx brief: a task word that is exactly an exported function's name", () => {
  it("starts at the file declaring `add` when the task says add, though add is also a verb", async () => {
    const dir = await indexedFixture(FIXTURE);
    const routed = await brief(dir, "make add handle bigints");
    expect(routed.symbols).toEqual([{ name: "add", kind: "function", path: "src/math/add.ts", line: 2, signature: "export function add(a: number, b: number): number" }]);
    expect(routed.files[0]).toMatchObject({ path: "src/math/add.ts", at: { name: "add", line: 2, endLine: 4 } });
    expect(routed.files[0].reasons).toContain("defines add");

    const text = await ctx(dir, "brief", "make add handle bigints");
    expect(text.stdout).toMatch(/src\/math\/add\.ts:2-4 `add`/);
  });

  it("leaves verbs that name no exported top-level declaration to the words: a method named add is not meant", async () => {
    const dir = await indexedFixture(FIXTURE);
    const routed = await brief(dir, "make the cart handle discounts");
    expect(routed.symbols).toEqual([]);
    expect(routed.files[0].path).toBe("src/cart/discounts.ts");
    expect(routed.files.flatMap((file: Json) => file.reasons)).not.toContainEqual(expect.stringMatching(/^defines /));

    const method = await brief(dir, "Add a quantity parameter for add in the cart");
    expect(method.symbols.map((symbol: Json) => symbol.name)).toEqual(["add"]);
    expect(method.symbols.map((symbol: Json) => symbol.name)).not.toContain("Cart.add");
  });
});
