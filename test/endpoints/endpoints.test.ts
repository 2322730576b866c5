import { describe, expect, it } from "vitest";
import { copyFixture, ctx, endpointsOf } from "../helpers/fixture.js";

describe("endpoint_index.md", () => {
  it("finds express routes on apps, routers, route() chains, and static constant routes", async () => {
    expect(await endpointsOf("express-app")).toEqual([
      ["GET", "/users/:id", "getUser", "src/server.ts:10", "express", "", ""],
      ["POST", "/v1/api/v1/orders", "createOrder", "src/server.ts:11", "express", "/api/v1/orders", "src/server.ts:16"],
      ["GET", "/books", "listBooks", "src/server.ts:12", "express", "", ""],
      ["PUT", "/books", "updateBook", "src/server.ts:12", "express", "", ""],
      ["GET", "/api/v1/health", "health", "src/server.ts:13", "express", "", ""],
      ["DELETE", "/api/v1/users/:id", "<inline>", "src/server.ts:14", "express", "", ""],
    ]);
  });

  it("finds fastify shorthand routes, route({ method, url }) and routes on a typed plugin instance", async () => {
    expect(await endpointsOf("fastify-plugin")).toEqual([
      ["GET", "/items", "<inline>", "src/routes.ts:8", "fastify", "", ""],
      ["POST", "/items", "<inline>", "src/routes.ts:9", "fastify", "", ""],
      ["GET", "/things/:id", "getThing", "src/routes.ts:10", "fastify", "", ""],
      ["HEAD", "/things/:id", "getThing", "src/routes.ts:10", "fastify", "", ""],
      ["PUT", "/status", "updateStatus", "src/routes.ts:14", "fastify", "", ""],
    ]);
  });

  it("finds koa-router routes with the router prefix, including named routes and RPC-style names without a slash", async () => {
    expect(await endpointsOf("koa-router")).toEqual([
      // An inline handler's lines run to its end: calls there are the route's (traverse Impact).
      ["POST", "/users.list", "<inline>", "src/api.js:7-9", "koa", "users.list", ""],
      ["POST", "/documents.add_user", "addUser", "src/api.js:10", "koa", "documents.add_user", ""],
      // `api.get("user", userPath, …)`: the name is "user", the path the constant's value.
      ["GET", "/users/:id", "showUser", "src/api.js:14", "koa", "", ""],
      ["GET", "/v2/users/:id", "showUser", "src/router.js:9", "koa", "/users/:id", "src/router.js:3"],
      ["DELETE", "/v2/users/:id", "<inline>", "src/router.js:10-12", "koa", "/users/:id", "src/router.js:3"],
    ]);
  });

  it("finds hono routes under basePath, chained registrations and on([...])", async () => {
    expect(await endpointsOf("hono-app")).toEqual([
      ["GET", "/api/posts", "listPosts", "src/index.ts:7", "hono", "/posts", "src/index.ts:3"],
      ["POST", "/api/posts", "<inline>", "src/index.ts:7", "hono", "/posts", "src/index.ts:3"],
      ["DELETE", "/api/posts/:id", "<inline>", "src/index.ts:8", "hono", "/posts/:id", "src/index.ts:3"],
      ["PUT", "/api/posts/:id", "<inline>", "src/index.ts:8", "hono", "/posts/:id", "src/index.ts:3"],
    ]);
  });

  it("joins a NestJS @Controller prefix with each method decorator's path", async () => {
    expect(await endpointsOf("nestjs-controller")).toEqual([
      ["GET", "/users", "UsersController.findAll", "src/users/users.controller.ts:5", "nestjs", "/", "src/users/users.controller.ts:3"],
      ["GET", "/users/:id", "UsersController.findOne", "src/users/users.controller.ts:10", "nestjs", "/:id", "src/users/users.controller.ts:3"],
      ["POST", "/users", "UsersController.create", "src/users/users.controller.ts:15", "nestjs", "/", "src/users/users.controller.ts:3"],
      ["DELETE", "/admin/cache", "AdminController.clearCache", "src/users/users.controller.ts:21", "nestjs", "/cache", "src/users/users.controller.ts:19"],
    ]);
  });

  it("derives Next.js app-router routes from route.ts paths: groups dropped, [id] and [...slug] as params", async () => {
    expect(await endpointsOf("nextjs-app-router")).toEqual([
      ["POST", "/ping", "POST", "app/(marketing)/ping/route.ts:1", "nextjs", "", ""],
      ["GET", "/api/users/:id", "GET", "app/api/users/[id]/route.ts:1", "nextjs", "", ""],
      ["DELETE", "/api/users/:id", "DELETE", "app/api/users/[id]/route.ts:5", "nextjs", "", ""],
      ["GET", "/docs/:slug*", "GET", "app/docs/[...slug]/route.ts:5", "nextjs", "", ""],
    ]);
  });

  it("derives pages/api routes with the methods the handler compares req.method with", async () => {
    expect(await endpointsOf("nextjs-pages-api")).toEqual([
      ["ALL", "/api/health", "health", "pages/api/health.ts:1", "nextjs-pages", "", ""],
      ["GET", "/api/users/:id", "userHandler", "pages/api/users/[id].ts:3", "nextjs-pages", "", ""],
      ["PUT", "/api/users/:id", "userHandler", "pages/api/users/[id].ts:3", "nextjs-pages", "", ""],
    ]);
  });

  it("derives routes of route.ts files exporting method handlers under an api/ folder", async () => {
    expect(await endpointsOf("api-route-files")).toEqual([
      ["GET", "/api/orders", "GET", "src/api/orders/route.ts:1", "file-route", "", ""],
      ["POST", "/api/orders", "POST", "src/api/orders/route.ts:5", "file-route", "", ""],
    ]);
  });

  it("does not mistake HTTP client calls and map lookups for routes", async () => {
    expect(await endpointsOf("http-client-calls")).toEqual([]);
  });
  it("joins express routers mounted across files: use() chains, require(), a router factory, one router at two prefixes, array paths; not a test's mounts", async () => {
    const at = (prefix: string) => `src/app.ts:${prefix === "/api" ? 8 : 9}, src/routes/index.js:3`;
    expect(await endpointsOf("express-mounted-routers")).toEqual([
      ["GET", "/health/live", "<inline>", "src/health.ts:5", "express", "/live", "src/app.ts:10"],
      ["GET", "/api/articles", "listArticles", "src/routes/articles.ts:7", "express", "/", at("/api")],
      ["GET", "/api/articles/all", "listArticles", "src/routes/articles.ts:7", "express", "/all", at("/api")],
      ["GET", "/api/v2/articles", "listArticles", "src/routes/articles.ts:7", "express", "/", at("/api/v2")],
      ["GET", "/api/v2/articles/all", "listArticles", "src/routes/articles.ts:7", "express", "/all", at("/api/v2")],
      ["GET", "/api/articles/:slug", "getArticle", "src/routes/articles.ts:8", "express", "/:slug", at("/api")],
      ["GET", "/api/v2/articles/:slug", "getArticle", "src/routes/articles.ts:8", "express", "/:slug", at("/api/v2")],
      // A path the file does not pin down stays an expression, under the prefixes that are known.
      ["GET", "/api/articles/{paths.feed}", "feed", "src/routes/articles.ts:9", "express", "{paths.feed}", at("/api")],
      ["GET", "/api/v2/articles/{paths.feed}", "feed", "src/routes/articles.ts:9", "express", "{paths.feed}", at("/api/v2")],
      ["POST", "/api/users/login", "login", "src/routes/users.js:3", "express", "/users/login", "src/app.ts:8, src/routes/index.js:4"],
      ["POST", "/api/v2/users/login", "login", "src/routes/users.js:3", "express", "/users/login", "src/app.ts:9, src/routes/index.js:4"],
    ]);
  });

  it("joins koa-router RPC-style names under nested routers and a koa-mount prefix, the way koa-router puts a prefix in front", async () => {
    const users = "src/web.ts:6, src/routes/api/index.ts:11, src/routes/api/index.ts:9";
    expect(await endpointsOf("koa-mounted-rpc")).toEqual([
      ["GET", "/api/documents/:id", "showDocument", "src/routes/api/documents.ts:5", "koa", "/:id", "src/web.ts:6, src/routes/api/index.ts:11, src/routes/api/index.ts:10, src/routes/api/documents.ts:3"],
      ["POST", "/api/users.list", "<inline>", "src/routes/api/users.ts:5-7", "koa", "users.list", users],
      ["POST", "/api/users.info", "<inline>", "src/routes/api/users.ts:8-10", "koa", "users.info", users],
      ["POST", "/api/email", "sendEmail", "src/routes/api/users.ts:12", "koa", "email", users],
    ]);
  });

  it("joins fastify plugins registered with a prefix, nested, inline, through import(), fastify-plugin and a plugin package's types", async () => {
    expect(await endpointsOf("fastify-prefixed-plugins")).toEqual([
      ["DELETE", "/admin/cache", "<inline>", "src/app.ts:8", "fastify", "/cache", "src/app.ts:6"],
      ["GET", "/v1/health", "health", "src/plugins/health.ts:5", "fastify", "/health", "src/app.ts:5, src/plugins/v1.ts:7"],
      ["POST", "/v1/track", "ingest", "src/plugins/track.ts:5", "fastify", "/", "src/app.ts:5, src/plugins/v1.ts:8"],
      ["GET", "/v1/users/:id", "getUser", "src/plugins/users.ts:4", "fastify", "/:id", "src/app.ts:5, src/plugins/v1.ts:6"],
      ["POST", "/v1/users", "createUser", "src/plugins/users.ts:7", "fastify", "/", "src/app.ts:5, src/plugins/v1.ts:6"],
    ]);
  });

  it("joins hono sub-apps mounted with chained route() calls, from a workspace package without an entry field, under a basePath", async () => {
    // basePath("/api") and route("/", api) are written on one line: one place.
    const server = "apps/web/src/server.ts:5";
    expect(await endpointsOf("hono-sub-apps")).toEqual([
      ["GET", "/api/authors", "<inline>", "packages/api/authors.ts:3", "hono", "/authors", `${server}, packages/api/index.ts:11`],
      ["GET", "/api/books", "<inline>", "packages/api/books.ts:5", "hono", "/", `${server}, packages/api/index.ts:10`],
      ["GET", "/api/books/:id", "<inline>", "packages/api/books.ts:6", "hono", "/:id", `${server}, packages/api/index.ts:10`],
    ]);
  });

  it("serves NestJS routes under the global prefix and URI version, RouterModule paths, excluded and version-neutral routes", async () => {
    const users = "src/users/users.controller.ts";
    expect(await endpointsOf("nestjs-prefix-versioning")).toEqual([
      ["DELETE", "/api/v1/admin/cache", "CacheController.clear", "src/admin/cache.controller.ts:5", "nestjs", "/", "src/main.ts:7, src/main.ts:8, src/app.module.ts:8, src/admin/admin.module.ts:4, src/admin/cache.controller.ts:3"],
      // Excluded from the global prefix, and VERSION_NEUTRAL: served at its own path.
      ["GET", "/health", "HealthController.check", "src/health/health.controller.ts:5", "nestjs", "/", "src/main.ts:7, src/app.module.ts:9, src/health/health.controller.ts:3"],
      ["GET", "/api/v2/users/:id", "UsersController.findOne", `${users}:5`, "nestjs", "/:id", `src/main.ts:7, ${users}:3, src/app.module.ts:8, src/users/users.module.ts:4, ${users}:3`],
      ["POST", "/api/v1/users", "UsersController.create", `${users}:8`, "nestjs", "/", `src/main.ts:7, ${users}:8, src/app.module.ts:8, src/users/users.module.ts:4, ${users}:3`],
      ["POST", "/api/v3/users", "UsersController.create", `${users}:8`, "nestjs", "/", `src/main.ts:7, ${users}:8, src/app.module.ts:8, src/users/users.module.ts:4, ${users}:3`],
      // One handler at two paths: a row each.
      ["GET", "/api/v2/users/me", "UsersController.me", `${users}:12`, "nestjs", "/me", `src/main.ts:7, ${users}:3, src/app.module.ts:8, src/users/users.module.ts:4, ${users}:3`],
      ["GET", "/api/v2/users/self", "UsersController.me", `${users}:12`, "nestjs", "/self", `src/main.ts:7, ${users}:3, src/app.module.ts:8, src/users/users.module.ts:4, ${users}:3`],
    ]);
  });

  it("serves Next.js routes under the basePath of the nearest next.config", async () => {
    expect(await endpointsOf("nextjs-base-path")).toEqual([["GET", "/docs/api/search", "GET", "app/api/search/route.ts:1", "nextjs", "/api/search", "next.config.js:2"]]);
  });

  it("completes on prefixes it cannot prove: a dynamic one stays {expression}, a mount cycle adds nothing, a package's router is left alone", async () => {
    expect(await endpointsOf("unresolved-prefixes")).toEqual([
      ["GET", "{config.apiPrefix}/items", "<inline>", "src/server.ts:10", "express", "/items", "src/server.ts:9"],
      ["GET", "{config.apiPrefix}/b/ping", "<inline>", "src/server.ts:15", "express", "/ping", "src/server.ts:9, src/server.ts:13"],
    ]);
  });

  it("says in the index summary how many routes keep a part only known at run time", async () => {
    const dir = copyFixture("endpoints/unresolved-prefixes");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("routes: 2 with a part only known at run time, kept as {expression}: GET {config.apiPrefix}/items (src/server.ts:10), …\n");
  });
});
