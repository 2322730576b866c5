import { appendFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFiles, indexedFixture } from "../helpers/fixture.js";

// src/pricing.ts:price ← OrderService.total ← showOrder ← three inline express handlers' and top-level code in src/app.ts;
// price ← OrderService.applyPromotions ← OrderService.place ← createOrder, registered as POST /orders in src/app.ts.
// src/jobs.ts calls applyPromotions on a receiver typed `any`; test/pricing.test.ts calls price and place.
const indexed = (): Promise<string> => indexedFixture("traverse/impact-routes");

interface ImpactJson {
  status: string;
  targets: { name: string; kind: string; path: string; line: number }[];
  entries: { kind: string; name: string; path: string; line: number; method?: string; route?: string; depth: number; via?: { name: string; path: string; line: number }; chain: string[] }[];
  declarations: number;
  tests: { files: number; declarations: number; listed?: { name: string; path: string; line: number }[] };
  unresolved: { sites: number; names: { name: string; sites: number }[] };
  complete: boolean;
  rejected: { path: string; reason: string }[];
}

describe("traverse Impact: everything that reaches a declaration, collapsed to its entry points", () => {
  it("names each route, handler and top-level caller once, grouped by the direct caller its shortest chain goes through", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "OrderService.total")).toEqual([
      "TRAVERSE_HIT Impact OrderService.total (3 entry points; 1 declaration reaches it)",
      "→ method OrderService.total src/orders/service.ts:8",
      // Two inline handlers, each once (the second calls it twice), by the line the route is registered on; then plain top-level code.
      "via showOrder src/orders/handlers.ts:9 (3):",
      "  src/app.ts: [GET /orders/:id] <inline> 6; [GET /orders/:id/total] <inline> 9; (module) 13",
      "shortest chain:",
      "  <inline> → showOrder → OrderService.total",
      "complete",
    ]);
  });

  it("walks any number of calls deep, gives a handler registered in another file its route, and says why it is not complete", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Impact", "price")).toEqual([
      "TRAVERSE_HIT Impact price (4 entry points; 5 declarations reach it)",
      "→ function price src/pricing.ts:1",
      "via OrderService.total src/orders/service.ts:8 (3):",
      "  src/app.ts: [GET /orders/:id] <inline> 6; [GET /orders/:id/total] <inline> 9; (module) 13",
      "via OrderService.applyPromotions src/orders/service.ts:12 (1):",
      "  src/orders/handlers.ts: [POST /orders] createOrder 5",
      "shortest chains:",
      "  <inline> → showOrder → OrderService.total → price",
      "  createOrder → OrderService.place → OrderService.applyPromotions → price",
      "tests: 1 declaration in 1 file (--tests lists them)",
      // `service.applyPromotions(null)` on an `any` in src/jobs.ts may be one more way in.
      "not complete: 1 unresolved call of names on the way (applyPromotions 1) may reach it too: `ctx traverse Caller <name>` lists them",
    ]);
  });

  it("gives tools each entry's own declaration, route, depth, direct caller and chain in --json; --tests lists the tests to run", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Impact", "price", "--json", "--tests");
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout) as ImpactJson;
    expect(answer.targets).toEqual([{ name: "price", kind: "function", path: "src/pricing.ts", line: 1 }]);
    expect(answer.entries.find((entry) => entry.name === "createOrder")).toEqual({
      kind: "endpoint",
      name: "createOrder",
      path: "src/orders/handlers.ts",
      line: 5,
      method: "POST",
      route: "/orders",
      depth: 3,
      via: { name: "OrderService.applyPromotions", path: "src/orders/service.ts", line: 12 },
      chain: ["createOrder", "OrderService.place", "OrderService.applyPromotions", "price"],
    });
    expect(answer.entries.map((entry) => `${entry.path}:${entry.line} ${entry.kind} ${entry.name}`)).toEqual([
      "src/app.ts:6 endpoint <inline>",
      "src/app.ts:9 endpoint <inline>",
      "src/app.ts:13 module (module)",
      "src/orders/handlers.ts:5 endpoint createOrder",
    ]);
    expect(answer).toMatchObject({ declarations: 5, complete: false, unresolved: { sites: 1, names: [{ name: "applyPromotions", sites: 1 }] } });
    expect(answer.tests).toEqual({ files: 1, declarations: 1, listed: [expect.objectContaining({ name: "checkPrice", path: "test/pricing.test.ts", line: 4 })] });
    const text = await hitLines(dir, "traverse", "Impact", "price", "--tests");
    expect(text.slice(-3)).toEqual(["tests (1 declaration in 1 file):", "  test/pricing.test.ts: checkPrice 4", expect.stringMatching(/^not complete: /)]);
  });

  it("answers for the declaration holding a line, as Caller does", async () => {
    const dir = await indexed();
    const byLine = await hitLines(dir, "traverse", "Impact", "src/orders/service.ts:9");
    expect(byLine.slice(0, 2)).toEqual(["TRAVERSE_HIT Impact src/orders/service.ts:9 (3 entry points; 1 declaration reaches it)", "→ method OrderService.total src/orders/service.ts:8"]);
  });

  it("leaves out what rests on a file changed since indexing, and says so; a changed target is a stale miss", async () => {
    const dir = await indexed();
    appendFileSync(join(dir, "src/orders/handlers.ts"), "\n// edited\n");
    const answer = JSON.parse((await ctx(dir, "traverse", "Impact", "price", "--json")).stdout) as ImpactJson;
    // showOrder and createOrder are in the changed file: nothing of theirs is trusted, and what they called is an entry now.
    expect(answer.entries.map((entry) => entry.name)).toEqual(["OrderService.place", "OrderService.total"]);
    expect(answer.rejected).toEqual([{ path: "src/orders/handlers.ts", reason: "modified" }]);
    expect(answer.complete).toBe(false);
    rmSync(join(dir, "src/pricing.ts"));
    const miss = await ctx(dir, "traverse", "Impact", "price");
    expect(miss.code).toBe(1);
    expect(miss.stdout).toMatch(/^TRAVERSE_MISS Impact price: stale \(src\/pricing\.ts changed since indexing; run `.+ index` to refresh\)\n/);
  });

  it("misses, with the search to run instead, for a name nothing declares", async () => {
    const dir = await indexed();
    const miss = await ctx(dir, "traverse", "Impact", "noSuchThing");
    expect(miss.code).toBe(1);
    expect(miss.stdout).toContain("TRAVERSE_MISS Impact noSuchThing: no-such-symbol");
    expect(miss.stdout).toContain("fallback: rg -n -w -e noSuchThing -- .");
  });
});

describe("traverse Impact through a class being made", () => {
  it("reaches what a property initializer or constructor calls from each `new` of the class, and says so", async () => {
    const dir = await indexedFiles({
      "src/nodes.ts": "export function tableNodes(): string[] {\n  return [\"table\"];\n}\n",
      "src/editor.ts": [
        'import { tableNodes } from "./nodes";',
        "",
        "export class EditorService {",
        "  private schema = tableNodes();",
        "}",
        "",
      ].join("\n"),
      "src/hook.ts": 'import { EditorService } from "./editor";\n\nexport function useEditor(): EditorService {\n  return new EditorService();\n}\n',
    });
    expect(await hitLines(dir, "traverse", "Impact", "tableNodes")).toEqual([
      "TRAVERSE_HIT Impact tableNodes (1 entry point; 2 declarations reach it)",
      "→ function tableNodes src/nodes.ts:1",
      "via EditorService.schema src/editor.ts:4 (1):",
      "  src/hook.ts: useEditor 3",
      "shortest chain:",
      "  useEditor → EditorService.schema (run by new EditorService) → tableNodes",
      "complete",
    ]);
  });
});

describe("traverse Impact through an object's methods", () => {
  it("walks from a method of a file-level object to the calls of that method, not stopping at the object", async () => {
    const dir = await indexedFiles({
      "src/auth.ts": "export function transformAuth(auth: string): string {\n  return auth.trim();\n}\n",
      "src/request.ts": 'import { transformAuth } from "./auth";\n\nexport const RESTRequest = {\n  async toRequest(auth: string): Promise<string> {\n    return transformAuth(auth);\n  },\n};\n',
      "src/network.ts": 'import { RESTRequest } from "./request";\n\nexport function send(auth: string): Promise<string> {\n  return RESTRequest.toRequest(auth);\n}\n',
    });
    expect(await hitLines(dir, "traverse", "Impact", "transformAuth")).toEqual([
      "TRAVERSE_HIT Impact transformAuth (1 entry point; 2 declarations reach it)",
      "→ function transformAuth src/auth.ts:1",
      "via RESTRequest.toRequest src/request.ts:4 (1):",
      "  src/network.ts: send 3",
      "shortest chain:",
      "  send → RESTRequest.toRequest → transformAuth",
      "complete",
    ]);
  });
});
