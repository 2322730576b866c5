import { describe, expect, it } from "vitest";
import { hitLines, indexedFiles } from "../helpers/fixture.js";

describe("a value read from a record by a key only known at run time", () => {
  it("has the record's value type: `checkers[code].check()` of `{ [code: string]: Checker }` and of a Record", async () => {
    const dir = await indexedFiles({
      "src/checker.ts": "export class Checker {\n  check(order: string): boolean {\n    return order !== \"\";\n  }\n}\n",
      "src/shipping.ts": [
        'import type { Checker } from "./checker";',
        "",
        "export class ShippingMethod {",
        "  private readonly allCheckers: { [code: string]: Checker } = {};",
        "  private readonly byName: Record<string, Checker> = {};",
        "",
        "  test(code: string, order: string): boolean {",
        "    const checker = this.allCheckers[code];",
        "    const first = checker.check(order);",
        "    return first && this.byName[code].check(order);",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect(await hitLines(dir, "traverse", "Caller", "Checker.check")).toEqual([
      "TRAVERSE_HIT Caller Checker.check (2 sites in 1 file)",
      "→ method Checker.check src/checker.ts:2",
      "  src/shipping.ts: ShippingMethod.test 9, 10",
      "complete",
    ]);
  });
});

describe("an array made by map()", () => {
  it("holds what the callback returns, when that does not depend on the callback's own names", async () => {
    const dir = await indexedFiles({
      "src/provider.ts": "export class Provider {\n  search(query: string): string {\n    return query;\n  }\n}\n",
      "src/service.ts": [
        'import { Provider } from "./provider";',
        "",
        "export class DataService {",
        "  private readonly provider = new Provider();",
        "",
        "  providerFor(source: string): Provider {",
        "    return source === \"\" ? this.provider : this.provider;",
        "  }",
        "",
        "  search(sources: string[], query: string): string[] {",
        "    const providers = sources.map((source) => {",
        "      return this.providerFor(source);",
        "    });",
        "    const item = new Provider();",
        "    const names = sources.map((item) => item).map((name) => item.search(name));",
        "    const found = providers.map((p) => p.search(query));",
        "    return [...found, ...names];",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    // `this.providerFor(source)` is a Provider whatever `source` is; `(item) => item` returns the callback's own
    // parameter, not the `item` outside: `names` holds strings, and no Provider call is made on them.
    expect(await hitLines(dir, "traverse", "Caller", "Provider.search")).toEqual([
      "TRAVERSE_HIT Caller Provider.search (2 sites in 1 file)",
      "→ method Provider.search src/provider.ts:2",
      "  src/service.ts: DataService.search 15, 16",
      "complete; rg -w adds 1 declaration",
    ]);
  });
});
