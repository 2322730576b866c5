import { describe, expect, it } from "vitest";
import { indexedFixture, tableRows } from "../helpers/fixture.js";

/** site, caller, via, callee, target of every call_index.md row. */
async function callRows(fixture: string): Promise<string[][]> {
  const dir = await indexedFixture(`calls/${fixture}`);
  return tableRows(dir, "call_index.md")
    .filter((row) => row.length === 7)
    .map(([site, caller, , via, callee, , target]) => [site!, caller!, via!, callee!, target!]);
}

describe("call_index.md for Ruby", () => {
  it("resolves constants lexically, self calls through superclass and included modules, super, and receivers made by `Const.new`", async () => {
    expect(await callRows("ruby-constants-and-receivers")).toEqual([
      ["lib/run.rb:4", "main", "call", "Shop.OrderService.build", "lib/shop/order_service.rb:34"],
      // `Order` from a top-level function: app/models/order.rb's; `Time.now` is Ruby's: no row.
      ["lib/run.rb:5", "main", "new", "Order", "app/models/order.rb:1"],
      ["lib/run.rb:5", "main", "call", "Order.total", "app/models/order.rb:2"],
      ["lib/run.rb:9", "(module)", "call", "main", "lib/run.rb:3"],
      ["lib/shop/base_service.rb:8", "Shop.BaseService.place", "call", "Shop.BaseService.check", "lib/shop/base_service.rb:3"],
      // `Repo` inside `module Shop` is Shop::Repo.
      ["lib/shop/order_service.rb:8", "Shop.OrderService.initialize", "new", "Shop.Repo", "lib/shop/repo.rb:2"],
      // A bare `super`: a candidate.
      ["lib/shop/order_service.rb:12", "Shop.OrderService.place", "call", "place", "-"],
      // Inherited from the superclass; an included module's method.
      ["lib/shop/order_service.rb:13", "Shop.OrderService.place", "call", "Shop.BaseService.check", "lib/shop/base_service.rb:3"],
      ["lib/shop/order_service.rb:14", "Shop.OrderService.place", "call", "Shop.Auditing.audit", "lib/shop/auditing.rb:3"],
      // `@repo` is assigned `Repo.new` in the class every time.
      ["lib/shop/order_service.rb:15", "Shop.OrderService.place", "call", "Shop.Repo.save", "lib/shop/repo.rb:7"],
      ["lib/shop/order_service.rb:16", "Shop.OrderService.place", "call", "Shop.OrderService.helper", "lib/shop/order_service.rb:30"],
      ["lib/shop/order_service.rb:17", "Shop.OrderService.place", "call", "Shop.Repo.open", "lib/shop/repo.rb:11"],
      // What `open` returns is not known; `other` is assigned twice, once by a call: candidates.
      ["lib/shop/order_service.rb:18", "Shop.OrderService.place", "call", "save", "-"],
      ["lib/shop/order_service.rb:19", "Shop.OrderService.place", "new", "Shop.Repo", "lib/shop/repo.rb:2"],
      ["lib/shop/order_service.rb:21", "Shop.OrderService.place", "call", "save", "-"],
      ["lib/shop/order_service.rb:22", "Shop.OrderService.place", "call", "total", "-"],
      // In a block, self may be rebound: a candidate; `send` and `puts` are no sites.
      ["lib/shop/order_service.rb:25", "Shop.OrderService.place", "call", "helper", "-"],
    ]);
  });
});
