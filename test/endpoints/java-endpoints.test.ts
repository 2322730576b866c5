import { describe, expect, it } from "vitest";
import { endpointsOf, hitLines, indexedFixture } from "../helpers/fixture.js";

describe("endpoint_index.md for Java", () => {
  it("joins Spring class and method mappings and JAX-RS paths, and leaves out a Feign client's routes", async () => {
    const W = "src/main/java/com/acme/shop/web/OrderController.java";
    const S = "src/main/java/com/acme/shop/api/StockResource.java";
    expect(await endpointsOf("spring-and-jax-rs-controllers")).toEqual([
      ["GET", "/stock", "StockResource.all", `${S}:10`, "jax-rs", "/", `${S}:8`],
      ["GET", "/stock/{sku}", "StockResource.one", `${S}:15`, "jax-rs", "/{sku}", `${S}:8`],
      ["PUT", "/stock/{sku}", "StockResource.update", `${S}:21`, "jax-rs", "/{sku}", `${S}:8`],
      // The class's prefix is a constant of the class, itself a sum of literals.
      ["GET", "/api/orders", "OrderController.list", `${W}:11`, "spring", "/", `${W}:7`],
      ["GET", "/api/orders/{id}", "OrderController.get", `${W}:16`, "spring", "/{id}", `${W}:7`],
      // One registration per path of the array, and per method of `method = {…}`.
      ["POST", "/api/orders", "OrderController.create", `${W}:21`, "spring", "/", `${W}:7`],
      ["POST", "/api/orders/bulk", "OrderController.create", `${W}:21`, "spring", "/bulk", `${W}:7`],
      ["POST", "/api/orders/{id}/cancel", "OrderController.cancel", `${W}:25`, "spring", "/{id}/cancel", `${W}:7`],
      ["PUT", "/api/orders/{id}/cancel", "OrderController.cancel", `${W}:25`, "spring", "/{id}/cancel", `${W}:7`],
      // @RequestMapping without `method`: every method.
      ["ALL", "/api/orders/ping", "OrderController.ping", `${W}:29`, "spring", "/ping", `${W}:7`],
      // A nested controller is a router of its own.
      ["DELETE", "/api/orders/{orderId}/lines/{lineId}", "OrderController.LineController.remove", `${W}:37`, "spring", "/{lineId}", `${W}:35`],
    ]);
  });

  it("answers a request with the handler method, and shows that method", async () => {
    const dir = await indexedFixture("endpoints/spring-and-jax-rs-controllers");
    expect(await hitLines(dir, "traverse", "Endpoint", "DELETE /api/orders/3/lines/9")).toEqual([
      "TRAVERSE_HIT Endpoint DELETE /api/orders/3/lines/9 (1)",
      "src/main/java/com/acme/shop/web/OrderController.java:37 DELETE /api/orders/{orderId}/lines/{lineId} → OrderController.LineController.remove (spring)",
    ]);
    expect((await hitLines(dir, "show", "GET /stock/abc"))[0]).toBe("SHOW method StockResource.one src/main/java/com/acme/shop/api/StockResource.java:15-19");
  });
});
