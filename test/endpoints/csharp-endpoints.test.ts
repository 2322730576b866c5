import { describe, expect, it } from "vitest";
import { endpointsOf, hitLines, indexedFixture } from "../helpers/fixture.js";

describe("endpoint_index.md for C#", () => {
  it("joins ASP.NET Core attribute routes with their controller's, and minimal APIs with their groups", async () => {
    const api = "src/Shop.Api/Apis/CatalogApi.cs";
    const orders = "src/Shop.Api/Controllers/OrdersController.cs";
    expect(await endpointsOf("aspnet-controllers-and-minimal-apis")).toEqual([
      ["GET", "/api/catalog/items", "GetItems", `${api}:9`, "aspnet", "/items", `${api}:7`],
      // A route constraint is not part of the URL.
      ["GET", "/api/catalog/items/{id}", "GetItemById", `${api}:10`, "aspnet", "/items/{id}", `${api}:7`],
      ["PATCH", "/api/catalog/items/{id}", "UpdateItem", `${api}:11`, "aspnet", "/items/{id}", `${api}:7`],
      ["PUT", "/api/catalog/items/{id}", "UpdateItem", `${api}:11`, "aspnet", "/items/{id}", `${api}:7`],
      // A group made inside a chain, its handler a lambda over several lines.
      ["GET", "/api/catalog/brands", "<inline>", `${api}:12-15`, "aspnet", "/", `${api}:7, ${api}:12`],
      // `[controller]` is the class's name without "Controller".
      ["GET", "/api/Orders", "OrdersController.List", `${orders}:11`, "aspnet", "/", `${orders}:6`],
      ["GET", "/api/Orders/{id}", "OrdersController.Get", `${orders}:14`, "aspnet", "{id}", `${orders}:6`],
      ["POST", "/api/Orders/bulk", "OrdersController.CreateMany", `${orders}:17`, "aspnet", "/bulk", `${orders}:6`],
      // A template in a constant of the class.
      ["GET", "/api/Orders/{id}/lines", "OrdersController.GetLines", `${orders}:21`, "aspnet", "{id}/lines", `${orders}:6`],
      // A template starting with "/" is not combined with the controller's.
      ["DELETE", "/admin/orders/{id}", "OrdersController.Purge", `${orders}:25`, "aspnet", "", ""],
      ["PATCH", "/api/Orders/{id}/status", "OrdersController.SetStatus", `${orders}:28`, "aspnet", "{id}/status", `${orders}:6`],
      ["PUT", "/api/Orders/{id}/status", "OrdersController.SetStatus", `${orders}:28`, "aspnet", "{id}/status", `${orders}:6`],
      ["GET", "/health", "<inline>", "src/Shop.Api/Program.cs:6", "aspnet", "", ""],
    ]);
  });

  it("answers a request whatever its case, as ASP.NET Core routes", async () => {
    const dir = await indexedFixture("endpoints/aspnet-controllers-and-minimal-apis");
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /api/orders/5/lines")).toEqual([
      "TRAVERSE_HIT Endpoint GET /api/orders/5/lines (1)",
      "src/Shop.Api/Controllers/OrdersController.cs:21 GET /api/Orders/{id}/lines → OrdersController.GetLines (aspnet)",
    ]);
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /api/catalog/items/3")).toEqual([
      "TRAVERSE_HIT Endpoint GET /api/catalog/items/3 (1)",
      "src/Shop.Api/Apis/CatalogApi.cs:10 GET /api/catalog/items/{id} → GetItemById = CatalogApi.GetItemById :22 (aspnet)",
    ]);
  });
});
