import { describe, expect, it } from "vitest";
import { copyFixture, ctx, endpointsOf } from "../helpers/fixture.js";

describe("endpoint_index.md for Go", () => {
  it("joins gin groups, including one handed to a function of this package or of another one through go.mod's module path", async () => {
    expect(await endpointsOf("gin-groups-across-packages")).toEqual([
      ["DELETE", "/admin/cache/:key", "clearCache", "admin.go:7", "gin", "/cache/:key", "main.go:18, admin.go:6"],
      ["ALL", "/admin/debug/*path", "debugHandler", "admin.go:8", "gin", "/debug/*path", "main.go:18, admin.go:6"],
      ["GET", "/api/v1/ping", "<inline>", "main.go:15", "gin", "/ping", "main.go:13"],
      ["POST", "/hooks", "handleHook", "main.go:19", "gin", "/", "main.go:19"],
      ["POST", "/api/v1/users", "create", "users/routes.go:7", "gin", "/", "main.go:13, main.go:16"],
      ["GET", "/api/v1/users/:id", "show", "users/routes.go:8", "gin", "/:id", "main.go:13, main.go:16"],
    ]);
  });

  it("joins chi Route closures, With and Group on the same router, Mount of a router a function returns, and routes on a struct's router field", async () => {
    expect(await endpointsOf("chi-nested-routes")).toEqual([
      ["GET", "/", "s.home", "server.go:16", "chi", "", ""],
      ["GET", "/articles", "s.listArticles", "server.go:18", "chi", "/", "server.go:17"],
      ["GET", "/articles/search", "s.searchArticles", "server.go:19", "chi", "/search", "server.go:17"],
      ["GET", "/articles/:articleID", "s.getArticle", "server.go:21", "chi", "/", "server.go:17, server.go:20"],
      ["PUT", "/articles/:articleID", "s.updateArticle", "server.go:22", "chi", "/", "server.go:17, server.go:20"],
      ["POST", "/login", "s.login", "server.go:26", "chi", "", ""],
      ["PATCH", "/settings", "s.settings", "server.go:29", "chi", "", ""],
      ["GET", "/admin/stats", "stats", "server.go:34", "chi", "/stats", "server.go:28"],
    ]);
  });

  it("reads Go 1.22 method patterns and {name...} wildcards, and serves a mux under http.StripPrefix's prefix", async () => {
    expect(await endpointsOf("go-net-http-patterns")).toEqual([
      ["GET", "/api/notes/:id", "getNote", "main.go:9", "net/http", "/notes/:id", "main.go:14"],
      ["POST", "/api/notes", "createNote", "main.go:10", "net/http", "/notes", "main.go:14"],
      ["ALL", "/api/files/:path*", "http.FileServer", "main.go:11", "net/http", "/files/:path*", "main.go:14"],
      ["ALL", "/healthz", "<inline>", "main.go:15", "net/http", "", ""],
      // A host in the pattern is not part of the route.
      ["GET", "/about", "about", "main.go:16", "net/http", "", ""],
    ]);
  });

  it("joins echo groups and gorilla/mux subrouters, with gorilla's Methods() and echo's Add()", async () => {
    expect(await endpointsOf("echo-and-gorilla-groups")).toEqual([
      ["GET", "/admin/users/:id", "getUser", "echo.go:8", "echo", "/users/:id", "echo.go:7"],
      ["PURGE", "/cache", "purge", "echo.go:9", "echo", "", ""],
      ["GET", "/products/:key", "product", "gorilla.go:7", "gorilla/mux", "", ""],
      ["PUT", "/products/:key", "product", "gorilla.go:7", "gorilla/mux", "", ""],
      ["GET", "/api/articles/:category/:id([0-9]+)", "article", "gorilla.go:9", "gorilla/mux", "/articles/:category/:id([0-9]+)", "gorilla.go:8"],
      ["ALL", "/api/status", "statusHandler", "gorilla.go:10", "gorilla/mux", "/status", "gorilla.go:8"],
    ]);
  });

  it("answers traverse Endpoint with a concrete URL", async () => {
    const dir = copyFixture("endpoints/gin-groups-across-packages");
    await ctx(dir, "index", "--quiet");
    const run = await ctx(dir, "traverse", "Endpoint", "GET https://shop.example.com/api/v1/users/42?x=1");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[1]).toBe("users/routes.go:8 GET /api/v1/users/:id → show (gin; written /:id, mounted at main.go:13, main.go:16)");
    // gin's `*path` takes the rest of the path.
    const rest = await ctx(dir, "traverse", "Endpoint", "GET /admin/debug/pprof/heap");
    expect(rest.stdout.split("\n")[1]).toMatch(/^admin\.go:8 ALL \/admin\/debug\/\*path → debugHandler/);
  });
});
