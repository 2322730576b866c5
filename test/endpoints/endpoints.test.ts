import { describe, expect, it } from "vitest";
import { copyFixture, ctx, tableRows } from "../helpers/fixture.js";

/** method, route, handler, location, framework — as endpoint_index.md lists them. */
async function endpointsOf(fixture: string): Promise<string[][]> {
  const dir = copyFixture(`endpoints/${fixture}`);
  const run = await ctx(dir, "index", "--quiet");
  expect(run.code).toBe(0);
  return tableRows(dir, "endpoint_index.md");
}

describe("endpoint_index.md", () => {
  it("finds express routes on apps, routers, route() chains, and static constant routes", async () => {
    expect(await endpointsOf("express-app")).toEqual([
      ["GET", "/users/:id", "getUser", "src/server.ts:10", "express"],
      ["POST", "/v1/api/v1/orders", "createOrder", "src/server.ts:11", "express"],
      ["GET", "/books", "listBooks", "src/server.ts:12", "express"],
      ["PUT", "/books", "updateBook", "src/server.ts:12", "express"],
      ["GET", "/api/v1/health", "health", "src/server.ts:13", "express"],
      ["DELETE", "/api/v1/users/:id", "<inline>", "src/server.ts:14", "express"],
    ]);
  });

  it("finds fastify shorthand routes, route({ method, url }) and routes on a typed plugin instance", async () => {
    expect(await endpointsOf("fastify-plugin")).toEqual([
      ["GET", "/items", "<inline>", "src/routes.ts:8", "fastify"],
      ["POST", "/items", "<inline>", "src/routes.ts:9", "fastify"],
      ["GET", "/things/:id", "getThing", "src/routes.ts:10", "fastify"],
      ["HEAD", "/things/:id", "getThing", "src/routes.ts:10", "fastify"],
      ["PUT", "/status", "updateStatus", "src/routes.ts:14", "fastify"],
    ]);
  });

  it("finds koa-router routes with the router prefix, including named routes and RPC-style names without a slash", async () => {
    expect(await endpointsOf("koa-router")).toEqual([
      ["POST", "/users.list", "<inline>", "src/api.js:7", "koa"],
      ["POST", "/documents.add_user", "addUser", "src/api.js:10", "koa"],
      // `api.get("user", userPath, …)`: the name is "user", the path the constant's value.
      ["GET", "/users/:id", "showUser", "src/api.js:14", "koa"],
      ["GET", "/v2/users/:id", "showUser", "src/router.js:9", "koa"],
      ["DELETE", "/v2/users/:id", "<inline>", "src/router.js:10", "koa"],
    ]);
  });

  it("finds hono routes under basePath, chained registrations and on([...])", async () => {
    expect(await endpointsOf("hono-app")).toEqual([
      ["GET", "/api/posts", "listPosts", "src/index.ts:7", "hono"],
      ["POST", "/api/posts", "<inline>", "src/index.ts:7", "hono"],
      ["DELETE", "/api/posts/:id", "<inline>", "src/index.ts:8", "hono"],
      ["PUT", "/api/posts/:id", "<inline>", "src/index.ts:8", "hono"],
    ]);
  });

  it("joins a NestJS @Controller prefix with each method decorator's path", async () => {
    expect(await endpointsOf("nestjs-controller")).toEqual([
      ["GET", "/users", "UsersController.findAll", "src/users/users.controller.ts:5", "nestjs"],
      ["GET", "/users/:id", "UsersController.findOne", "src/users/users.controller.ts:10", "nestjs"],
      ["POST", "/users", "UsersController.create", "src/users/users.controller.ts:15", "nestjs"],
      ["DELETE", "/admin/cache", "AdminController.clearCache", "src/users/users.controller.ts:21", "nestjs"],
    ]);
  });

  it("derives Next.js app-router routes from route.ts paths: groups dropped, [id] and [...slug] as params", async () => {
    expect(await endpointsOf("nextjs-app-router")).toEqual([
      ["POST", "/ping", "POST", "app/(marketing)/ping/route.ts:1", "nextjs"],
      ["GET", "/api/users/:id", "GET", "app/api/users/[id]/route.ts:1", "nextjs"],
      ["DELETE", "/api/users/:id", "DELETE", "app/api/users/[id]/route.ts:5", "nextjs"],
      ["GET", "/docs/:slug*", "GET", "app/docs/[...slug]/route.ts:5", "nextjs"],
    ]);
  });

  it("derives pages/api routes with the methods the handler compares req.method with", async () => {
    expect(await endpointsOf("nextjs-pages-api")).toEqual([
      ["ALL", "/api/health", "health", "pages/api/health.ts:1", "nextjs-pages"],
      ["GET", "/api/users/:id", "userHandler", "pages/api/users/[id].ts:3", "nextjs-pages"],
      ["PUT", "/api/users/:id", "userHandler", "pages/api/users/[id].ts:3", "nextjs-pages"],
    ]);
  });

  it("derives routes of route.ts files exporting method handlers under an api/ folder", async () => {
    expect(await endpointsOf("api-route-files")).toEqual([
      ["GET", "/api/orders", "GET", "src/api/orders/route.ts:1", "file-route"],
      ["POST", "/api/orders", "POST", "src/api/orders/route.ts:5", "file-route"],
    ]);
  });

  it("does not mistake HTTP client calls and map lookups for routes", async () => {
    expect(await endpointsOf("http-client-calls")).toEqual([]);
  });
});
