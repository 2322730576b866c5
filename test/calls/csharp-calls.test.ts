import { describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ctx, incrementalSteps, indexedFixture, tableRows } from "../helpers/fixture.js";

/** site, caller, via, callee, target of every call_index.md row. */
async function callRows(fixture: string): Promise<string[][]> {
  const dir = await indexedFixture(`calls/${fixture}`);
  return tableRows(dir, "call_index.md")
    .filter((row) => row.length === 7)
    .map(([site, caller, , via, callee, , target]) => [site!.replace(/^src\//, ""), caller!, via!, callee!, target!.replace(/^src\//, "")]);
}

describe("call_index.md for C#", () => {
  it("types receivers by fields, properties, primary constructor parameters, locals, `var`, casts, `as`, patterns, loops and declared returns", async () => {
    expect(await callRows("csharp-typed-receivers")).toEqual([
      // A target-typed `new()` of a property's written type; a `new()` of List<Order> is .NET's: no row.
      ["Shop/Orders/OrderService.cs:9", "OrderService.Store", "new", "Repo", "Shop/Store/Repo.cs:3"],
      ["Shop/Orders/OrderService.cs:13", "OrderService.PlaceAsync", "call", "Repo.Open", "Shop/Store/Repo.cs:9"],
      // Of two overloads, the one taking as many arguments.
      ["Shop/Orders/OrderService.cs:14", "OrderService.PlaceAsync", "call", "Repo.Save", "Shop/Store/Repo.cs:7"],
      ["Shop/Orders/OrderService.cs:15", "OrderService.PlaceAsync", "call", "Repo.Save", "Shop/Store/Repo.cs:8"],
      // A primary constructor's parameter; `Order?` is an Order, `?.` a call all the same.
      ["Shop/Orders/OrderService.cs:16", "OrderService.PlaceAsync", "call", "Repo.Find", "Shop/Store/Repo.cs:5"],
      ["Shop/Orders/OrderService.cs:16", "OrderService.PlaceAsync", "call", "Order.Run", "Shop/Store/Repo.cs:15"],
      // `Task<Order>` awaited is an Order; a chain through declared returns.
      ["Shop/Orders/OrderService.cs:17", "OrderService.PlaceAsync", "call", "Repo.LoadAsync", "Shop/Store/Repo.cs:6"],
      ["Shop/Orders/OrderService.cs:18", "OrderService.PlaceAsync", "call", "Order.First", "Shop/Store/Repo.cs:16"],
      ["Shop/Orders/OrderService.cs:18", "OrderService.PlaceAsync", "call", "Line.Total", "Shop/Store/Repo.cs:22"],
      ["Shop/Orders/OrderService.cs:19", "OrderService.PlaceAsync", "new", "Order", "Shop/Store/Repo.cs:12"],
      ["Shop/Orders/OrderService.cs:20", "OrderService.PlaceAsync", "call", "Order.Run", "Shop/Store/Repo.cs:15"],
      // A cast, `as`, a pattern variable, a loop over a declared List<Order>.
      ["Shop/Orders/OrderService.cs:21", "OrderService.PlaceAsync", "call", "OrderService.Fetch", "Shop/Orders/OrderService.cs:42"],
      ["Shop/Orders/OrderService.cs:22", "OrderService.PlaceAsync", "call", "Order.Run", "Shop/Store/Repo.cs:15"],
      ["Shop/Orders/OrderService.cs:23", "OrderService.PlaceAsync", "call", "OrderService.Fetch", "Shop/Orders/OrderService.cs:42"],
      ["Shop/Orders/OrderService.cs:24", "OrderService.PlaceAsync", "call", "Order.Run", "Shop/Store/Repo.cs:15"],
      ["Shop/Orders/OrderService.cs:25", "OrderService.PlaceAsync", "call", "OrderService.Fetch", "Shop/Orders/OrderService.cs:42"],
      ["Shop/Orders/OrderService.cs:25", "OrderService.PlaceAsync", "call", "Order.Run", "Shop/Store/Repo.cs:15"],
      ["Shop/Orders/OrderService.cs:26", "OrderService.PlaceAsync", "call", "Order.Run", "Shop/Store/Repo.cs:15"],
      // A field of an interface type.
      ["Shop/Orders/OrderService.cs:27", "OrderService.PlaceAsync", "call", "IOrderService.PlaceAsync", "Shop/Orders/IOrderService.cs:7"],
      // `this.`, `base.` and unqualified: the inherited method.
      ["Shop/Orders/OrderService.cs:28", "OrderService.PlaceAsync", "call", "BaseService.Check", "Shop/Orders/OrderService.cs:48"],
      ["Shop/Orders/OrderService.cs:29", "OrderService.PlaceAsync", "call", "BaseService.Check", "Shop/Orders/OrderService.cs:48"],
      ["Shop/Orders/OrderService.cs:30", "OrderService.PlaceAsync", "call", "BaseService.Check", "Shop/Orders/OrderService.cs:48"],
      // `_recent.Add`, `Console.WriteLine`, LINQ's Select and ToList are .NET's: no rows; a method group passed is a `ref`.
      ["Shop/Orders/OrderService.cs:33", "OrderService.PlaceAsync", "ref", "OrderService.Describe", "Shop/Orders/OrderService.cs:43"],
      ["Shop/Orders/OrderService.cs:34", "OrderService.PlaceAsync", "call", "Repo.Save", "Shop/Store/Repo.cs:7"],
      // An undeclared receiver: a candidate. The local function Helper is not indexed: no row.
      ["Shop/Orders/OrderService.cs:35", "OrderService.PlaceAsync", "call", "Run", "-"],
      ["Shop/Orders/OrderService.cs:42", "OrderService.Fetch", "new", "Order", "Shop/Store/Repo.cs:12"],
      ["Shop/Store/Repo.cs:6", "Repo.LoadAsync", "new", "Order", "Shop/Store/Repo.cs:12"],
      ["Shop/Store/Repo.cs:9", "Repo.Open", "new", "Repo", "Shop/Store/Repo.cs:3"],
    ]);
  });

  it("looks names up in the namespace, its parents, `using` and `global using` namespaces, `using static` and aliases; extension methods and partial types stay candidates", async () => {
    expect(await callRows("csharp-namespace-scope")).toEqual([
      ["Shop.Api/Extensions/OrderExtensions.cs:7", "OrderExtensions.Describe", "call", "Invoice.Total", "Shop.Core/Billing/Invoice.cs:5"],
      // `using Bill = Shop.Core.Billing.Billing;`: a partial class, declared in two files (the nearest is named).
      ["Shop.Api/Orders/OrdersEndpoint.cs:12", "OrdersEndpoint.Handle", "new", "Billing", "Shop.Core/Billing/Billing.Audit.cs:3"],
      // A member of a partial class may be declared in another part: a candidate.
      ["Shop.Api/Orders/OrdersEndpoint.cs:13", "OrdersEndpoint.Handle", "call", "Issue", "-"],
      // Extension methods, on a repository type and on .NET's IServiceCollection: candidates. AddSingleton is no repository name: no row.
      ["Shop.Api/Orders/OrdersEndpoint.cs:14", "OrdersEndpoint.Handle", "call", "Describe", "-"],
      ["Shop.Api/Orders/OrdersEndpoint.cs:15", "OrdersEndpoint.Handle", "call", "AddShop", "-"],
      // Clock is namespace Shop's, a parent of Shop.Api.Orders; Strings comes through another project's `global using`.
      ["Shop.Api/Orders/OrdersEndpoint.cs:17", "OrdersEndpoint.Handle", "call", "Clock.Now", "Shop.Core/Clock.cs:5"],
      ["Shop.Api/Orders/OrdersEndpoint.cs:18", "OrdersEndpoint.Handle", "call", "Strings.Upper", "Shop.Core/Util/Strings.cs:5"],
      // Unqualified, with a `using static` in the file: a candidate. `System.Console.WriteLine` is outside.
      ["Shop.Api/Orders/OrdersEndpoint.cs:19", "OrdersEndpoint.Handle", "call", "Upper", "-"],
      ["Shop.Core/Billing/Billing.cs:7", "Billing.Issue", "call", "Invoice.Empty", "Shop.Core/Billing/Invoice.cs:6"],
      ["Shop.Core/Billing/Billing.cs:8", "Billing.Issue", "call", "Invoice.Total", "Shop.Core/Billing/Invoice.cs:5"],
      ["Shop.Core/Billing/Billing.cs:9", "Billing.Issue", "call", "Audit", "-"],
      ["Shop.Core/Billing/Invoice.cs:6", "Invoice.Empty", "new", "Invoice", "Shop.Core/Billing/Invoice.cs:3"],
    ]);
  });

  it("answers traverse Caller across projects", async () => {
    const dir = await indexedFixture("calls/csharp-namespace-scope");
    const run = await ctx(dir, "traverse", "Caller", "Invoice.Total");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      "TRAVERSE_HIT Caller Invoice.Total (2 sites in 2 files)",
      "→ method Invoice.Total src/Shop.Core/Billing/Invoice.cs:5",
      "  src/Shop.Api/Extensions/OrderExtensions.cs: OrderExtensions.Describe 7",
      "  src/Shop.Core/Billing/Billing.cs: Billing.Issue 8",
      "complete",
      "",
    ]);
  });

  it("links a namespace's users again when a type is added to or dropped from a namespace they use, or a global using changes: the incremental index equals a full one", async () => {
    const dir = await indexedFixture("calls/csharp-namespace-scope");
    const step = incrementalSteps(dir);
    const endpoint = join(dir, "src/Shop.Api/Orders/OrdersEndpoint.cs");
    writeFileSync(endpoint, readFileSync(endpoint, "utf8").replace('System.Console.WriteLine("done");', 'System.Console.WriteLine("done");\n        Ledger.Record();'));
    await step(() => undefined, (index) => expect(index).not.toContain("Ledger.Record"));
    // A type added to a namespace the file uses (`using Shop.Core.Billing;`), in another project.
    const ledger = join(dir, "src/Shop.Core/Billing/Ledger.cs");
    await step(
      () => writeFileSync(ledger, "namespace Shop.Core.Billing;\n\npublic static class Ledger\n{\n    public static void Record() { }\n}\n"),
      (index) => expect(index).toContain("| src/Shop.Api/Orders/OrdersEndpoint.cs:21 | OrdersEndpoint.Handle | method | call | Ledger.Record | method | src/Shop.Core/Billing/Ledger.cs:5 |"),
    );
    // Moved to a namespace it does not use, then to one a `global using` brings, then dropped.
    await step(
      () => writeFileSync(ledger, readFileSync(ledger, "utf8").replace("namespace Shop.Core.Billing;", "namespace Shop.Core.Other;")),
      (index) => expect(index).not.toContain("Ledger.Record"),
    );
    await step(
      () => writeFileSync(ledger, readFileSync(ledger, "utf8").replace("namespace Shop.Core.Other;", "namespace Shop.Core.Util;")),
      (index) => expect(index).toContain("| OrdersEndpoint.Handle | method | call | Ledger.Record | method | src/Shop.Core/Billing/Ledger.cs:5 |"),
    );
    const globals = join(dir, "src/Shop.Api/GlobalUsings.cs");
    await step(
      () => writeFileSync(globals, "global using Shop.Core.Billing;\n"),
      (index) => expect(index).not.toContain("Ledger.Record"),
    );
    await step(
      () => writeFileSync(globals, "global using Shop.Core.Util;\n"),
      (index) => expect(index).toContain("Ledger.Record"),
    );
    await step(
      () => rmSync(ledger),
      (index) => expect(index).not.toContain("Ledger.Record"),
    );
  });
});
