import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFixture } from "../helpers/fixture.js";

// POST /checkout (an inline handler in src/routes.ts) → CheckoutService.checkout, which logs, throws a CheckoutError,
// reads the Cart.count getter, calls money (called from 20 report lines too), Cart.total → sum, and charges through
// the PaymentGateway interface, implemented by StripeGateway.charge → receipt; `coupon.applyCoupon()` is on an `any`.
const indexed = (): Promise<string> => indexedFixture("traverse/flow-checkout");

const TREE = [
  "[POST /checkout] <inline> src/routes.ts:8",
  "  CheckoutService.checkout src/checkout.ts:13",
  "    PaymentGateway.charge src/payments.ts:2",
  "      StripeGateway.charge :6 (implementation)",
  "        receipt :11",
  "    Cart.total src/cart.ts:8",
  "      sum :17",
];
const LEFT_OUT = "left out: 1 accessor (Cart.count); 1 error constructor (CheckoutError); 1 logging call (Logger.info); 1 utility called from 20+ places (money)";
const NOT_COMPLETE = "not complete: 1 call on the way not linked (applyCoupon 1): each may lead further";

interface FlowJson {
  status: string;
  from: { name: string; kind: string; path: string; line: number };
  nodes?: { name: string; kind: string; path: string; line: number; depth: number; via: string; parent?: string; hidden?: number }[];
  paths?: { name: string; path: string; line: number }[][];
  declarations: number;
  deeper: number;
  pruned: { kind: string; count: number; names: string[] }[];
  unresolved: { sites: number; names: { name: string; sites: number }[] };
  complete: boolean;
}

describe("traverse Flow: what an entry point runs, as a tree", () => {
  it("walks a route's inline handler down to the leaves, an interface call to its implementation, trivial leaves counted", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Flow", "POST /checkout")).toEqual(["TRAVERSE_HIT Flow POST /checkout (7 declarations, depth 4; 4 trivial left out)", ...TREE, LEFT_OUT, NOT_COMPLETE]);
  });

  it("shows what fits the budget breadth first, marking each declaration with how many below it are not shown", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Flow", "POST /checkout", "--budget", "130")).toEqual([
      "TRAVERSE_HIT Flow POST /checkout (7 declarations, depth 1 of 4; 4 trivial left out)",
      "[POST /checkout] <inline> src/routes.ts:8",
      "  CheckoutService.checkout src/checkout.ts:13 (+5)",
      "not shown: 5 declarations below the (+N) marks (raise --budget, or start Flow at one of them)",
      LEFT_OUT,
      NOT_COMPLETE,
    ]);
  });

  it("gives tools each declaration with its depth, the one that reached it and how, in --json", async () => {
    const dir = await indexed();
    const answer = JSON.parse((await ctx(dir, "traverse", "Flow", "CheckoutService.checkout", "--json")).stdout) as FlowJson;
    expect(answer.from).toEqual({ name: "CheckoutService.checkout", kind: "method", path: "src/checkout.ts", line: 13 });
    expect(answer.nodes!.map((node) => [node.name, node.depth, node.via, node.parent ?? null])).toEqual([
      ["CheckoutService.checkout", 0, "root", null],
      ["PaymentGateway.charge", 1, "call", "CheckoutService.checkout"],
      ["StripeGateway.charge", 2, "impl", "PaymentGateway.charge"],
      ["receipt", 3, "call", "StripeGateway.charge"],
      ["Cart.total", 1, "call", "CheckoutService.checkout"],
      ["sum", 2, "call", "Cart.total"],
    ]);
    expect(answer).toMatchObject({ declarations: 6, deeper: 0, complete: false, unresolved: { sites: 1, names: [{ name: "applyCoupon", sites: 1 }] } });
    expect(answer.pruned.map((item) => item.kind)).toEqual(["accessor", "error constructor", "logging", "utility"]);
  });

  it("with a second declaration, gives the call paths from the one to the other, as --to does", async () => {
    const dir = await indexed();
    const expected = ["TRAVERSE_HIT Flow POST /checkout → receipt (1 path)", "<inline> src/routes.ts:8 → CheckoutService.checkout src/checkout.ts:13 → PaymentGateway.charge src/payments.ts:2 → StripeGateway.charge :6 → receipt :11", NOT_COMPLETE];
    expect(await hitLines(dir, "traverse", "Flow", "POST", "/checkout", "receipt")).toEqual(expected);
    expect(await hitLines(dir, "traverse", "Flow", "POST /checkout", "--to", "receipt")).toEqual(expected);
    const answer = JSON.parse((await ctx(dir, "traverse", "Flow", "CheckoutService.checkout", "--to", "sum", "--json")).stdout) as FlowJson;
    expect(answer.paths!.map((path) => path.map((step) => `${step.path}:${step.line} ${step.name}`))).toEqual([["src/checkout.ts:13 CheckoutService.checkout", "src/cart.ts:8 Cart.total", "src/cart.ts:17 sum"]]);
  });

  it("misses when no chain of resolved calls leads there, and when the start changed since indexing", async () => {
    const dir = await indexed();
    const none = await ctx(dir, "traverse", "Flow", "Cart.total", "--to", "receipt");
    expect(none.code).toBe(1);
    expect(none.stdout).toBe("TRAVERSE_MISS Flow Cart.total: no-path (no chain of resolved calls from Cart.total reaches receipt (2 declarations walked))\nfallback: rg -n -w -e receipt -- .\n");
    appendFileSync(join(dir, "src/checkout.ts"), "\n// edited\n");
    const stale = await ctx(dir, "traverse", "Flow", "CheckoutService.checkout");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Flow CheckoutService.checkout: stale \(src\/checkout\.ts changed since indexing/);
  });

  it("refuses --to and --budget for other kinds, as a usage error", async () => {
    const dir = await indexed();
    const run = await ctx(dir, "traverse", "Caller", "receipt", "--to", "sum");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--to and --budget apply to Flow, not Caller");
  });
});
