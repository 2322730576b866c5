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
