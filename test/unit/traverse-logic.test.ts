import { describe, expect, it } from "vitest";
import { partitionFresh } from "../../src/core/traverse/check-freshness.js";
import { findEndpoints, parseEndpointQuery } from "../../src/core/traverse/find-endpoints.js";
import { parseSymbolQuery } from "../../src/core/traverse/find-symbols.js";
import { suggestNames } from "../../src/core/traverse/suggest-names.js";
import type { EndpointRecord } from "../../src/model.js";

describe("symbol queries", () => {
  it("splits path:Container.member", () => {
    expect(parseSymbolQuery("src/a.ts:Users.find")).toEqual({ path: "src/a.ts", container: "Users", name: "find" });
    expect(parseSymbolQuery("Outer.Inner.deep")).toEqual({ path: null, container: "Outer.Inner", name: "deep" });
    expect(parseSymbolQuery("plain")).toEqual({ path: null, container: null, name: "plain" });
  });
});

describe("freshness", () => {
  it("keeps only candidates whose every file has its recorded hash; unverifiable counts as stale", () => {
    const recorded = new Map([["a.ts", "1"], ["b.ts", "2"], ["c.ts", "3"]]);
    const observed = new Map<string, string | null>([["a.ts", "1"], ["b.ts", "changed"], ["c.ts", null]]);
    const { fresh, rejected } = partitionFresh(["a.ts", "b.ts", "c.ts", "d.ts"], (p) => [p], (p) => recorded.get(p), observed);
    expect(fresh).toEqual(["a.ts"]);
    expect(rejected).toEqual([
      { path: "b.ts", reason: "modified" },
      { path: "c.ts", reason: "missing" },
      { path: "d.ts", reason: "unverifiable" },
    ]);
  });
});

describe("endpoint queries", () => {
  const endpoint = (method: string, route: string, handler = "h"): EndpointRecord => ({ method, route, written: route, handler, path: "a.ts", line: 1, framework: "express", mounts: [] });
  const rows = [endpoint("GET", "/users/:id", "getUser"), endpoint("POST", "/users"), endpoint("GET", "/docs/:slug*"), endpoint("ALL", "/health")];

  it("matches concrete paths to parameters and catch-alls, filtered by method", () => {
    expect(findEndpoints(rows, parseEndpointQuery("GET /users/42")).map((e) => e.route)).toEqual(["/users/:id"]);
    expect(findEndpoints(rows, parseEndpointQuery("get /docs/a/b/c")).map((e) => e.route)).toEqual(["/docs/:slug*"]);
    expect(findEndpoints(rows, parseEndpointQuery("DELETE /health")).map((e) => e.route)).toEqual(["/health"]);
    expect(findEndpoints(rows, parseEndpointQuery("getUser")).map((e) => e.route)).toEqual(["/users/:id"]);
  });

  it("leaves out optional parameters, lets a splat span segments anywhere, and routes ASP.NET regardless of case", () => {
    const more = [
      endpoint("GET", "/budgets/{start?}/{end?}", "BudgetController.index"),
      endpoint("POST", "/revert/*/:sha1/:sha2", "revert"),
      endpoint("GET", "/files/{**path}", "files"),
      { ...endpoint("GET", "/api/Orders/{id}", "OrdersController.Get"), framework: "aspnet" },
      endpoint("GET", "/api/Items/{id}", "items"),
    ];
    const routes = (query: string): string[] => findEndpoints(more, parseEndpointQuery(query)).map((e) => e.route);
    expect(routes("GET /budgets")).toEqual(["/budgets/{start?}/{end?}"]);
    expect(routes("GET /budgets/2024-01-01/2024-01-31")).toEqual(["/budgets/{start?}/{end?}"]);
    expect(routes("GET /budgets/a/b/c")).toEqual([]);
    expect(routes("POST /revert/docs/Home.md/abc/def")).toEqual(["/revert/*/:sha1/:sha2"]);
    expect(routes("POST /revert/abc/def")).toEqual([]);
    expect(routes("GET /files/a/b/c.txt")).toEqual(["/files/{**path}"]);
    expect(routes("GET /api/orders/7")).toEqual(["/api/Orders/{id}"]);
    // Case matters elsewhere.
    expect(routes("GET /api/items/7")).toEqual([]);
  });

  it("puts first the route that ends as the request does, with a trailing slash or without", () => {
    const axum = [{ ...endpoint("GET", "/v1/accounts", "list"), framework: "axum" }, { ...endpoint("GET", "/v1/accounts/", "listSlash"), framework: "axum" }];
    expect(findEndpoints(axum, parseEndpointQuery("GET /v1/accounts/")).map((e) => e.handler)).toEqual(["listSlash", "list"]);
    expect(findEndpoints(axum, parseEndpointQuery("GET /v1/accounts")).map((e) => e.handler)).toEqual(["list", "listSlash"]);
    expect(findEndpoints(axum, parseEndpointQuery("https://id.example.com/v1/accounts/?page=2")).map((e) => e.handler)).toEqual(["listSlash", "list"]);
  });

  it("reads what a user has in hand: a full URL, a log line, an access-log request, a curl command", () => {
    expect(parseEndpointQuery("https://api.example.com/users/42?expand=1#top")).toEqual({ method: null, text: "/users/42", search: "expand=1" });
    expect(parseEndpointQuery("GET /api/v1/users/42 500 12ms")).toEqual({ method: "GET", text: "/api/v1/users/42" });
    expect(parseEndpointQuery('10.0.0.1 - - [05/Dec/2026:10:00:00 +0000] "POST /login?next=/ HTTP/1.1" 401 12')).toEqual({ method: "POST", text: "/login", search: "next=/" });
    expect(parseEndpointQuery("curl -X PUT 'https://api.example.com/users/42' -H 'Accept: application/json'")).toEqual({ method: "PUT", text: "/users/42" });
    expect(parseEndpointQuery("curl https://api.example.com/users -d '{\"name\":\"a\"}'")).toEqual({ method: "POST", text: "/users" });
    expect(parseEndpointQuery("curl http://localhost:3000/health")).toEqual({ method: "GET", text: "/health" });
    // No path in it: a fragment, an RPC-style name or a handler, as before.
    expect(parseEndpointQuery("POST users.list")).toEqual({ method: "POST", text: "users.list" });
    expect(parseEndpointQuery("getUser")).toEqual({ method: null, text: "getUser" });
    expect(findEndpoints(rows, parseEndpointQuery("curl -X POST https://example.com/users")).map((e) => e.route)).toEqual(["/users"]);
  });

  it("puts literal segments before parameters, and matches a route mounted under a prefix the index does not know", () => {
    const routes = [endpoint("GET", "/users/:id"), endpoint("GET", "/users/me"), endpoint("GET", "/articles/:slug"), endpoint("GET", "/:id")];
    expect(findEndpoints(routes, parseEndpointQuery("GET /users/me")).map((e) => e.route)).toEqual(["/users/me", "/users/:id"]);
    // `/api/articles/how-to`: the router is mounted under `/api` in another file; `/:id` alone proves nothing.
    expect(findEndpoints(routes, parseEndpointQuery("GET https://example.com/api/articles/how-to")).map((e) => e.route)).toEqual(["/articles/:slug"]);
    expect(findEndpoints(routes, parseEndpointQuery("GET /api/v1/nothing/here"))).toEqual([]);
  });

  it("needs the literal text around parameters in one segment, and ranks a catch-all below specific routes", () => {
    const routes = [endpoint("GET", "/api/:route*?"), endpoint("GET", "/s/:id/doc/:slug"), endpoint("GET", "/s/:id/doc/:slug.:format"), endpoint("GET", "/api/v1/bookmarks/search")];
    expect(findEndpoints(routes, parseEndpointQuery("GET /s/42/doc/getting-started")).map((e) => e.route)).toEqual(["/s/:id/doc/:slug"]);
    expect(findEndpoints(routes, parseEndpointQuery("GET /s/42/doc/getting-started.md")).map((e) => e.route)).toEqual(["/s/:id/doc/:slug.:format", "/s/:id/doc/:slug"]);
    expect(findEndpoints(routes, parseEndpointQuery("GET /api/v1/bookmarks/search")).map((e) => e.route)).toEqual(["/api/v1/bookmarks/search", "/api/:route*?"]);
    // A part only the running program knows is likely one literal path: after a parameter.
    expect(findEndpoints([endpoint("GET", "/feed/{paths.feed}"), endpoint("GET", "/feed/:id")], parseEndpointQuery("GET /feed/42")).map((e) => e.route)).toEqual(["/feed/:id", "/feed/{paths.feed}"]);
  });
});

describe("endpoint parameters with a pattern, and catch-alls of Go and Python routers", () => {
  const endpoint = (route: string): EndpointRecord => ({ method: "GET", route, written: route, handler: "h", path: "a.go", line: 1, framework: "chi", mounts: [] });

  it("keeps a parameter's own pattern: it must match, and it ranks before a plain parameter", () => {
    const routes = [endpoint("/articles/:articleID"), endpoint("/articles/:slug([a-z-]+)")];
    expect(findEndpoints(routes, parseEndpointQuery("GET /articles/whats-up")).map((e) => e.route)).toEqual(["/articles/:slug([a-z-]+)", "/articles/:articleID"]);
    expect(findEndpoints(routes, parseEndpointQuery("GET /articles/123")).map((e) => e.route)).toEqual(["/articles/:articleID"]);
  });

  it("runs no pattern that could backtrack badly, nor one JavaScript cannot read: the parameter then takes any value", () => {
    const hostile = endpoint("/x/:p((a+)+$)");
    expect(findEndpoints([hostile], parseEndpointQuery(`GET /x/${"a".repeat(40)}!`)).map((e) => e.route)).toEqual(["/x/:p((a+)+$)"]);
    expect(findEndpoints([endpoint("/y/:p([z-a]+)")], parseEndpointQuery("GET /y/q")).map((e) => e.route)).toEqual(["/y/:p([z-a]+)"]);
  });

  it("answers with a catch-all only after what is more specific, a route under an unknown prefix included", () => {
    const routes = [endpoint("/links/:id"), endpoint("*"), endpoint("/:path*")];
    expect(findEndpoints(routes, parseEndpointQuery("GET /api/v2/links/abc")).map((e) => e.route)).toEqual(["/links/:id", "*", "/:path*"]);
    expect(findEndpoints(routes, parseEndpointQuery("GET /about")).map((e) => e.route)).toEqual(["*", "/:path*"]);
  });

  it("takes gin's and echo's `*name` as the rest of the path", () => {
    expect(findEndpoints([endpoint("/static/*filepath"), endpoint("/static/app.js")], parseEndpointQuery("GET /static/js/main.js")).map((e) => e.route)).toEqual(["/static/*filepath"]);
  });
});

describe("suggestions", () => {
  it("ranks a case variant, then prefixes, then near spellings; at most five", () => {
    const names = ["UsersService", "usersServiceFactory", "UserService", "Unrelated", "a", "b"];
    expect(suggestNames("usersService", names)).toEqual(["UsersService", "usersServiceFactory", "UserService"]);
  });
});
