import { describe, expect, it } from "vitest";
import { endpointsOf, hitLines, indexedFixture } from "../helpers/fixture.js";

// A NestJS `@Resolver()` whose file imports its decorators from @nestjs/graphql alone: a query named as its
// method, and a mutation served under another name (`@Mutation(() => String, { name: "applyCoupon" })`).
const FIXTURE = "endpoints/nestjs-graphql-resolver";

describe("GraphQL resolvers as endpoints", () => {
  it("lists each @Query, @Mutation and @Subscription of a @Resolver class by its operation and field name", async () => {
    expect(await endpointsOf("nestjs-graphql-resolver")).toEqual([
      ["QUERY", "activeOrder", "ShopOrderResolver.activeOrder", "src/orders/shop-order.resolver.ts:8", "graphql", "", ""],
      ["MUTATION", "applyCoupon", "ShopOrderResolver.applyCouponCode", "src/orders/shop-order.resolver.ts:13", "graphql", "", ""],
    ]);
  });

  it("answers `mutation applyCoupon` in Endpoint, marks the resolver in Impact, and starts Flow there", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Endpoint", "mutation applyCoupon")).toEqual([
      "TRAVERSE_HIT Endpoint mutation applyCoupon (1)",
      "src/orders/shop-order.resolver.ts:13 MUTATION applyCoupon → ShopOrderResolver.applyCouponCode (graphql)",
    ]);
    expect(await hitLines(dir, "traverse", "Impact", "OrderService.recalculate")).toEqual([
      "TRAVERSE_HIT Impact OrderService.recalculate (1 entry point; 2 declarations reach it)",
      "→ method OrderService.recalculate src/orders/order.service.ts:13",
      "via OrderService.applyCouponCode src/orders/order.service.ts:5 (1):",
      "  src/orders/shop-order.resolver.ts: [MUTATION applyCoupon] ShopOrderResolver.applyCouponCode 13",
      "shortest chain:",
      "  ShopOrderResolver.applyCouponCode → OrderService.applyCouponCode → OrderService.recalculate",
      "complete",
    ]);
    expect(await hitLines(dir, "traverse", "Flow", "mutation", "applyCoupon")).toEqual([
      "TRAVERSE_HIT Flow mutation applyCoupon (3 declarations, depth 2)",
      "[MUTATION applyCoupon] ShopOrderResolver.applyCouponCode src/orders/shop-order.resolver.ts:13",
      "  OrderService.applyCouponCode src/orders/order.service.ts:5",
      "    OrderService.recalculate :13",
      "complete",
    ]);
  });
});
