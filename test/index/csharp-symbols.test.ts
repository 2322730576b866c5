import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, test, signature of every row of symbol_index.md. */
function symbolRows(dir: string): string[][] {
  return tableRows(dir, "symbol_index.md").map(([name, kind, container, exported, location, test, signature]) => [name!, kind!, container!, exported!, location!, test!, signature!]);
}

describe("symbol_index.md for C#", () => {
  it("lists types and their members with containers, exported by declared accessibility, attributes in the span and not in the signature", async () => {
    const dir = await indexedFixture("symbols/csharp-declarations");
    expect(symbolRows(dir)).toEqual([
      // The file-scoped namespace is no container; the class's span starts at its attributes.
      ["OrdersController", "class", "", "yes", "Api/OrdersController.cs:8-29", "no", "`public class OrdersController : ControllerBase`"],
      ["_store", "property", "OrdersController", "no", "Api/OrdersController.cs:12-12", "no", "`private readonly IOrderStore _store`"],
      ["OrdersController", "constructor", "OrdersController", "yes", "Api/OrdersController.cs:14-17", "no", "`public OrdersController(IOrderStore store)`"],
      ["Get", "method", "OrdersController", "yes", "Api/OrdersController.cs:19-25", "no", "`public async Task<IActionResult> Get(string id)`"],
      ["Create", "method", "OrdersController", "yes", "Api/OrdersController.cs:27-28", "no", "`public IActionResult Create([FromBody] Order order)`"],
      ["IOrderStore", "interface", "", "yes", "Api/OrdersController.cs:31-34", "no", "`public interface IOrderStore`"],
      // An interface member without a modifier is public.
      ["Find", "method", "IOrderStore", "yes", "Api/OrdersController.cs:33-33", "no", "`Task<Order?> Find(string id)`"],
      // A block namespace is no container either.
      ["IOrder", "interface", "", "yes", "Orders/IOrder.cs:3-14", "no", "`public interface IOrder`"],
      ["Id", "property", "IOrder", "yes", "Orders/IOrder.cs:5-5", "no", "`string Id`"],
      ["Describe", "method", "IOrder", "yes", "Orders/IOrder.cs:7-7", "no", "`string Describe()`"],
      ["Audit", "method", "IOrder", "no", "Orders/IOrder.cs:9-9", "no", "`internal void Audit()`"],
      ["IAuditor", "interface", "IOrder", "yes", "Orders/IOrder.cs:11-13", "no", "`interface IAuditor`"],
      ["OrderStatus", "enum", "", "no", "Orders/IOrder.cs:16-24", "no", "`internal enum OrderStatus`"],
      ["Open", "constant", "OrderStatus", "yes", "Orders/IOrder.cs:18-18", "no", "`Open`"],
      ["Closed", "constant", "OrderStatus", "yes", "Orders/IOrder.cs:19-20", "no", "`Closed = 2`"],
      // Both sides of an `#if` are the file's.
      ["Archived", "constant", "OrderStatus", "yes", "Orders/IOrder.cs:22-22", "no", "`Archived`"],
      ["Money", "record", "", "yes", "Orders/IOrder.cs:26-29", "no", "`public readonly record struct Money(decimal Amount, string Currency)`"],
      // A record's positional parameters are the public properties it generates.
      ["Amount", "property", "Money", "yes", "Orders/IOrder.cs:26-26", "no", "`decimal Amount`"],
      ["Currency", "property", "Money", "yes", "Orders/IOrder.cs:26-26", "no", "`string Currency`"],
      ["Zero", "property", "Money", "yes", "Orders/IOrder.cs:28-28", "no", '`public static readonly Money Zero = new(0m, "EUR")`'],
      ["Clock", "class", "", "no", "Orders/IOrder.cs:31-33", "no", "`file sealed class Clock`"],
      // The doc comment is not in the span; the attribute is.
      ["Order", "class", "", "yes", "Orders/Order.cs:7-49", "no", "`public partial class Order : IOrder`"],
      ["MaxLines", "constant", "Order", "yes", "Orders/Order.cs:10-10", "no", "`public const int MaxLines = 50`"],
      // A literal that looks like a credential never reaches the committed index.
      ["ApiKey", "constant", "Order", "no", "Orders/Order.cs:11-11", "no", '`internal const string ApiKey = "…"`'],
      ["_lines", "property", "Order", "no", "Orders/Order.cs:12-12", "no", "`private readonly List<OrderLine> _lines = new(), _removed = new()`"],
      ["_removed", "property", "Order", "no", "Orders/Order.cs:12-12", "no", "`private readonly List<OrderLine> _lines = new(), _removed = new()`"],
      ["Changed", "property", "Order", "yes", "Orders/Order.cs:13-13", "no", "`public event EventHandler? Changed`"],
      // Constructors are named after their type (the static one too); the finalizer is left out.
      ["Order", "constructor", "Order", "yes", "Orders/Order.cs:15-15", "no", "`public Order(string id)`"],
      ["Order", "constructor", "Order", "no", "Orders/Order.cs:16-16", "no", "`static Order()`"],
      ["Id", "property", "Order", "yes", "Orders/Order.cs:19-19", "no", "`public string Id`"],
      ["Total", "property", "Order", "yes", "Orders/Order.cs:20-20", "no", "`protected internal decimal Total`"],
      ["this", "property", "Order", "yes", "Orders/Order.cs:21-21", "no", "`public OrderLine this[int index]`"],
      // The attribute and the comment after it are in the span.
      ["Place", "method", "Order", "yes", "Orders/Order.cs:23-25", "no", "`public void Place()`"],
      // Its local function and locals are not declarations.
      ["Submit", "method", "Order", "yes", "Orders/Order.cs:27-32", "no", "`public bool Submit(bool force = false)`"],
      ["Recalculate", "method", "Order", "no", "Orders/Order.cs:34-34", "no", "`private protected void Recalculate()`"],
      ["OnChanged", "method", "Order", "yes", "Orders/Order.cs:35-35", "no", "`protected virtual void OnChanged()`"],
      // Operators are left out; an explicit interface implementation is reached through the interface only.
      ["Describe", "method", "Order", "no", "Orders/Order.cs:38-38", "no", "`string IOrder.Describe()`"],
      ["OrderLine", "record", "Order", "yes", "Orders/Order.cs:40-40", "no", "`public record OrderLine(string Sku, int Quantity)`"],
      ["Quantity", "property", "Order.OrderLine", "yes", "Orders/Order.cs:40-40", "no", "`int Quantity`"],
      ["Sku", "property", "Order.OrderLine", "yes", "Orders/Order.cs:40-40", "no", "`string Sku`"],
      ["Snapshot", "struct", "Order", "no", "Orders/Order.cs:42-46", "no", "`private struct Snapshot`"],
      ["Lines", "property", "Order.Snapshot", "yes", "Orders/Order.cs:44-44", "no", "`public int Lines`"],
      ["total", "property", "Order.Snapshot", "no", "Orders/Order.cs:45-45", "no", "`decimal total`"],
      ["LineAdded", "type", "Order", "yes", "Orders/Order.cs:48-48", "no", "`public delegate void LineAdded(OrderLine line)`"],
      // C# 14's extension block declares the static class's methods.
      ["OrderExtensions", "class", "", "yes", "Orders/OrderExtensions.cs:3-11", "no", "`public static class OrderExtensions`"],
      ["IsLarge", "method", "OrderExtensions", "yes", "Orders/OrderExtensions.cs:7-7", "no", "`public bool IsLarge()`"],
      ["Weight", "method", "OrderExtensions", "no", "Orders/OrderExtensions.cs:9-9", "no", "`private static int Weight(Order order)`"],
      // Program.cs's top-level statements and local function declare nothing; the test class is test code.
      ["OrderTests", "class", "", "yes", "Tests/OrderTests.cs:6-13", "yes", "`public class OrderTests`"],
      ["Submit_without_lines_fails", "method", "OrderTests", "yes", "Tests/OrderTests.cs:8-12", "yes", "`public void Submit_without_lines_fails()`"],
    ]);
  });

  it("answers traverse from the index and rejects a C# file changed since indexing", async () => {
    const dir = await indexedFixture("symbols/csharp-declarations");
    const hit = await ctx(dir, "traverse", "Symbol", "Order.Submit");
    expect(hit.code).toBe(0);
    expect(hit.stdout).toBe("TRAVERSE_HIT Symbol Order.Submit (1)\nOrders/Order.cs:27-32 method Order.Submit · public bool Submit(bool force = false)\n");
    const nested = await ctx(dir, "traverse", "Symbol", "Order.OrderLine.Sku");
    expect(nested.stdout).toBe("TRAVERSE_HIT Symbol Order.OrderLine.Sku (1)\nOrders/Order.cs:40 property Order.OrderLine.Sku · string Sku\n");
    appendFileSync(join(dir, "Orders/Order.cs"), "\npublic class Late\n{\n}\n");
    const stale = await ctx(dir, "traverse", "Symbol", "Order.Submit");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Symbol Order\.Submit: stale/);
    // Outline of the changed file parses it now, with the C# grammar.
    const outline = await ctx(dir, "outline", "Orders/Order.cs");
    expect(outline.stdout.split("\n")[0]).toBe("OUTLINE Orders/Order.cs (24 declarations) (changed since indexing: parsed now)");
    expect(outline.stdout).toContain("51-53 + public class Late");
  });

  it("indexes what parses around a syntax error, members under the type they follow", async () => {
    const dir = await indexedFixture("symbols/csharp-declarations");
    writeFileSync(join(dir, "Orders/Broken.cs"), "namespace Acme.Shop.Orders;\n\npublic class Broken\n{\n    public void Fine() { }\n    public void Half( {\n}\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Orders/Broken.cs");
    expect(symbolRows(dir).filter((row) => row[4]!.startsWith("Orders/Broken.cs")).map((row) => `${row[2]}.${row[0]}`)).toContain("Broken.Fine");
  });
});

describe("domain-manifest.yaml for C#", () => {
  it("makes each .csproj a module and makes modules depend on the projects whose namespaces they use", async () => {
    const dir = await indexedFixture("modules/csharp-projects");
    const manifest = readAi(dir, "domain-manifest.yaml");
    const modules = manifest
      .slice(manifest.indexOf("modules:\n"))
      .split("\n")
      .filter((line) => !/^ {4}(files|description|keywords|owners):/.test(line))
      .join("\n");
    expect(modules).toBe(
      [
        "modules:",
        // Named by its AssemblyName; `using static Acme.Shop.Orders.Order` leads to Shop's Orders/Order.cs,
        // its own `Acme.Billing.Taxes` (root namespace from Directory.Build.props) stays inside it, System's leave the repository.
        "  - name: Acme.Billing",
        "    paths:",
        "      - src/Billing",
        "    entries: []",
        "    depends_on:",
        "      - Shop",
        // Named by its stem; another module's using makes its Orders folder's file an entry.
        "  - name: Shop",
        "    paths:",
        "      - src/Shop",
        "    entries:",
        "      - src/Shop/Orders/Order.cs",
        "    depends_on: []",
        "  - name: Shop.Tests",
        "    paths:",
        "      - tests/Shop.Tests",
        "    entries: []",
        "    depends_on:",
        "      - Shop",
        "",
      ].join("\n"),
    );
  });
});
