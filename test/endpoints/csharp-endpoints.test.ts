import { describe, expect, it } from "vitest";
import { endpointsOf, hitLines, indexedFixture } from "../helpers/fixture.js";

describe("endpoint_index.md for C#", () => {
  it("joins ASP.NET Core attribute routes with their controller's, and minimal APIs with their groups, across files", async () => {
    const api = "src/Shop.Api/Apis/CatalogApi.cs";
    const leases = "src/Shop.Api/Apis/LeaseEndpoints.cs";
    const orders = "src/Shop.Api/Controllers/OrdersController.cs";
    const sso = "src/Shop.Api/Controllers/SsoController.cs";
    const program = "src/Shop.Api/Program.cs";
    expect(await endpointsOf("aspnet-controllers-and-minimal-apis")).toEqual([
      ["GET", "/api/catalog/items", "GetItems", `${api}:9`, "aspnet", "/items", `${program}:5, ${api}:7`],
      // A route constraint is not part of the URL.
      ["GET", "/api/catalog/items/{id}", "GetItemById", `${api}:10`, "aspnet", "/items/{id}", `${program}:5, ${api}:7`],
      ["PATCH", "/api/catalog/items/{id}", "UpdateItem", `${api}:11`, "aspnet", "/items/{id}", `${program}:5, ${api}:7`],
      ["PUT", "/api/catalog/items/{id}", "UpdateItem", `${api}:11`, "aspnet", "/items/{id}", `${program}:5, ${api}:7`],
      // A group made inside a chain, its handler a lambda over several lines.
      ["GET", "/api/catalog/brands", "<inline>", `${api}:12-15`, "aspnet", "/", `${program}:5, ${api}:7, ${api}:12`],
      // Mapped on the group Program.cs hands to the extension method; HttpMethods constants; an optional constrained parameter.
      ["GET", "/leases/active", "GetActive", `${leases}:8`, "aspnet", "/active", `${program}:7`],
      ["HEAD", "/leases/check", "Check", `${leases}:9`, "aspnet", "/check", `${program}:7`],
      ["OPTIONS", "/leases/check", "Check", `${leases}:9`, "aspnet", "/check", `${program}:7`],
      ["GET", "/leases/history/{page?}", "History", `${leases}:10`, "aspnet", "/history/{page?}", `${program}:7`],
      // `[controller]` is the class's name without "Controller".
      ["GET", "/api/Orders", "OrdersController.List", `${orders}:11`, "aspnet", "/", `${orders}:6`],
      ["GET", "/api/Orders/{id}", "OrdersController.Get", `${orders}:14`, "aspnet", "/{id}", `${orders}:6`],
      ["POST", "/api/Orders/bulk", "OrdersController.CreateMany", `${orders}:17`, "aspnet", "/bulk", `${orders}:6`],
      // A template in a constant of the class.
      ["GET", "/api/Orders/{id}/lines", "OrdersController.GetLines", `${orders}:21`, "aspnet", "/{id}/lines", `${orders}:6`],
      // A template starting with "/" is not combined with the controller's.
      ["DELETE", "/admin/orders/{id}", "OrdersController.Purge", `${orders}:25`, "aspnet", "", ""],
      ["PATCH", "/api/Orders/{id}/status", "OrdersController.SetStatus", `${orders}:28`, "aspnet", "/{id}/status", `${orders}:6`],
      ["PUT", "/api/Orders/{id}/status", "OrdersController.SetStatus", `${orders}:28`, "aspnet", "/{id}/status", `${orders}:6`],
      // `[action]` in the controller's route, and a controller route from the application's root (`~/`).
      ["GET", "/sso/PreValidate", "SsoController.PreValidate", `${sso}:9`, "aspnet", "", ""],
      ["POST", "/sso/Login/{id}", "SsoController.Login", `${sso}:12`, "aspnet", "", ""],
      ["GET", "/icons/{hostname}/icon.png", "IconsController.Get", `${sso}:19`, "aspnet", "/{hostname}/icon.png", `${sso}:16`],
      ["GET", "/health", "<inline>", `${program}:6`, "aspnet", "", ""],
    ]);
  });

  it("answers a request whatever its case, as ASP.NET Core routes", async () => {
    const dir = await indexedFixture("endpoints/aspnet-controllers-and-minimal-apis");
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /api/orders/5/lines")).toEqual([
      "TRAVERSE_HIT Endpoint GET /api/orders/5/lines (1)",
      "src/Shop.Api/Controllers/OrdersController.cs:21 GET /api/Orders/{id}/lines → OrdersController.GetLines (aspnet)",
    ]);
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /sso/prevalidate?domainHint=acme.com")).toEqual([
      "TRAVERSE_HIT Endpoint GET /sso/prevalidate?domainHint=acme.com (1)",
      "src/Shop.Api/Controllers/SsoController.cs:9 GET /sso/PreValidate → SsoController.PreValidate (aspnet)",
    ]);
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /api/catalog/items/3")).toEqual([
      "TRAVERSE_HIT Endpoint GET /api/catalog/items/3 (1)",
      "src/Shop.Api/Apis/CatalogApi.cs:10 GET /api/catalog/items/{id} → GetItemById = CatalogApi.GetItemById :22 (aspnet; written /items/{id}, mounted at src/Shop.Api/Program.cs:5)",
    ]);
  });

  it("serves a versioned group's or controller's routes at `?api-version=`, one row per version, an endpoint's MapToApiVersion narrowing its group's", async () => {
    const file = "src/Catalog.Api/Apis/CatalogApi.cs";
    const controllers = "src/Catalog.Api/Controllers/OrdersController.cs";
    expect(await endpointsOf("aspnet-api-versions")).toEqual([
      ["GET", "/api/catalog/items?api-version=1.0", "ListItemsV1", `${file}:14`, "aspnet", "/items", `${file}:11`],
      ["GET", "/api/catalog/items?api-version=2.0", "ListItems", `${file}:15`, "aspnet", "/items", `${file}:12`],
      ["GET", "/api/catalog/items/{id}?api-version=1.0", "GetItem", `${file}:16`, "aspnet", "/items/{id}", `${file}:10`],
      ["GET", "/api/catalog/items/{id}?api-version=2.0", "GetItem", `${file}:16`, "aspnet", "/items/{id}", `${file}:10`],
      ["DELETE", "/api/catalog/items/{id}?api-version=2.0", "DeleteItem", `${file}:17`, "aspnet", "/items/{id}", `${file}:10`],
      // A controller's `[ApiVersion]`s, an action's `[MapToApiVersion]` narrowing them, `[ApiVersionNeutral]` at any version.
      ["GET", "/api/Orders?api-version=1.0", "OrdersController.List", `${controllers}:12`, "aspnet", "/", `${controllers}:9`],
      ["GET", "/api/Orders?api-version=2.0", "OrdersController.List", `${controllers}:12`, "aspnet", "/", `${controllers}:9`],
      ["GET", "/api/Orders/{id}?api-version=2.0", "OrdersController.Get", `${controllers}:15`, "aspnet", "/{id}", `${controllers}:9`],
      ["GET", "/api/Orders/health", "OrdersController.Health", `${controllers}:19`, "aspnet", "/health", `${controllers}:9`],
      // The version in the path (`v{version:apiVersion}`): no query.
      ["GET", "/api/v{version}/reports", "ReportsController.List", `${controllers}:29`, "aspnet", "/", `${controllers}:26`],
    ]);
  });

  it("picks between versions of one path by the request's api-version, and shows every version when the request names none or one not served", async () => {
    const dir = await indexedFixture("endpoints/aspnet-api-versions");
    const located = async (request: string): Promise<string[]> => (await hitLines(dir, "traverse", "Endpoint", request)).slice(1).map((line) => line.split(" ")[0]!);
    expect(await located("GET /api/catalog/items?api-version=2.0")).toEqual(["src/Catalog.Api/Apis/CatalogApi.cs:15"]);
    expect(await located("GET https://catalog.local/api/catalog/items?pageSize=10&api-version=1.0")).toEqual(["src/Catalog.Api/Apis/CatalogApi.cs:14"]);
    expect(await located("GET /api/catalog/items")).toEqual(["src/Catalog.Api/Apis/CatalogApi.cs:14", "src/Catalog.Api/Apis/CatalogApi.cs:15"]);
    expect(await located("GET /api/orders/7?api-version=2.0")).toEqual(["src/Catalog.Api/Controllers/OrdersController.cs:15"]);
    expect(await hitLines(dir, "traverse", "Endpoint", "DELETE /api/catalog/items/3?api-version=1.0")).toEqual([
      "TRAVERSE_HIT Endpoint DELETE /api/catalog/items/3?api-version=1.0 (1)",
      "src/Catalog.Api/Apis/CatalogApi.cs:17 DELETE /api/catalog/items/{id}?api-version=2.0 → DeleteItem = CatalogApi.DeleteItem :26 (aspnet)",
    ]);
  });
});
