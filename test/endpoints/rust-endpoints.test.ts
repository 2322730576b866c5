import { describe, expect, it } from "vitest";
import { endpointsOf, hitLines, indexedFixture } from "../helpers/fixture.js";

describe("endpoint_index.md for Rust", () => {
  it("joins axum routers: nest and merge of routers other modules' functions return, methods chained on one route", async () => {
    const main = "src/main.rs";
    const orders = "src/api/orders.rs";
    const mounts = `${main}:18, ${main}:20, ${main}:16, ${orders}:8`;
    expect(await endpointsOf("axum-nested-routers")).toEqual([
      // `.merge(api::health::routes())`: a module path through `mod api;`.
      ["ALL", "/api/v1/health", "health", "src/api/health.rs:4", "axum", "/health", `${main}:18, ${main}:20, ${main}:17, src/api/health.rs:4`],
      // axum routes `/health/` apart from `/health`: the trailing slash is kept.
      ["GET", "/api/v1/health/", "health", "src/api/health.rs:4", "axum", "/health/", `${main}:18, ${main}:20, ${main}:17, src/api/health.rs:4`],
      // `.nest("/orders", orders::routes())`: `orders` is what `use api::orders;` brings in.
      ["GET", "/api/v1/orders", "list", `${orders}:9`, "axum", "/", mounts],
      ["POST", "/api/v1/orders", "create", `${orders}:9`, "axum", "/", mounts],
      ["DELETE", "/api/v1/orders/:id", "remove", `${orders}:10`, "axum", "/:id", mounts],
      ["GET", "/api/v1/orders/:id", "show", `${orders}:10`, "axum", "/:id", mounts],
      ["POST", "/api/v1/orders/:id/cancel", "<inline>", `${orders}:11-15`, "axum", "/:id/cancel", mounts],
      ["GET", "/", "root", `${main}:19`, "axum", "", `${main}:18`],
    ]);
  });

  it("joins actix-web scopes, resources, configure functions and route macros served where .service mounts them", async () => {
    const posts = "src/posts.rs";
    expect(await endpointsOf("actix-scopes-and-macros")).toEqual([
      // `.to(health).wrap(…)`: middleware on the route; a `#[cfg(test)]` module's app serves no route of the application's.
      ["GET", "/health", "health", "src/main.rs:11", "actix-web", "", ""],
      ["GET", "/", "index", `${posts}:3`, "actix-web", "", "src/main.rs:9"],
      ["GET", "/api/feed", "feed", `${posts}:8`, "actix-web", "/feed", `src/main.rs:10, ${posts}:14`],
      ["HEAD", "/api/feed", "feed", `${posts}:8`, "actix-web", "/feed", `src/main.rs:10, ${posts}:14`],
      ["POST", "/api/posts", "create", `${posts}:16`, "actix-web", "/", `src/main.rs:10, ${posts}:14, ${posts}:15`],
      ["DELETE", "/api/posts/{id}", "remove", `${posts}:17`, "actix-web", "/", `src/main.rs:10, ${posts}:14, ${posts}:15, ${posts}:17`],
      ["GET", "/api/posts/{id}", "show", `${posts}:17`, "actix-web", "/", `src/main.rs:10, ${posts}:14, ${posts}:15, ${posts}:17`],
    ]);
  });

  it("answers a request with the handler function", async () => {
    const dir = await indexedFixture("endpoints/axum-nested-routers");
    expect(await hitLines(dir, "traverse", "Endpoint", "DELETE /api/v1/orders/12")).toEqual([
      "TRAVERSE_HIT Endpoint DELETE /api/v1/orders/12 (1)",
      "src/api/orders.rs:10 DELETE /api/v1/orders/:id → remove :31 (axum; written /:id, mounted at src/main.rs:18, src/main.rs:20, src/main.rs:16)",
    ]);
  });
});
