import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, hitLines, indexedFixture } from "../helpers/fixture.js";

// Go: two handler types both declare List; the routes name them through a struct's typed fields
// (`s.users.List`, `s.items.List`), and one registration spans two lines.
const gin = (): Promise<string> => indexedFixture("endpoints/gin-handlers-sharing-a-name");
// Django: a class-based view (`views.OrderList.as_view()`) and a function view whose name another
// app's views module declares too (`views.detail`).
const django = (): Promise<string> => indexedFixture("endpoints/django-views-linked");

describe("a route's handler expression, linked to its declaration", () => {
  it("names the declaration a Go handler's receiver type gives, where a name alone is ambiguous", async () => {
    const dir = await gin();
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /items")).toEqual([
      "TRAVERSE_HIT Endpoint GET /items (1)",
      "main.go:17 GET /items → s.items.List = ItemAPI.List api/items.go:7 (gin)",
    ]);
    expect(await hitLines(dir, "traverse", "Flow", "GET /users")).toEqual(["TRAVERSE_HIT Flow GET /users (2 declarations, depth 1)", "[GET /users] UserAPI.List api/users.go:7", "  UserAPI.load :11", "complete"]);
  });

  it("shows the handler of a registration written over two lines, not the registration", async () => {
    const dir = await gin();
    expect((await hitLines(dir, "show", "DELETE /items/:id"))[0]).toBe("SHOW method ItemAPI.Delete api/items.go:11-13");
  });

  it("starts a Django class-based view's flow at its methods, and a function view's at the one its module declares", async () => {
    const dir = await django();
    expect(await hitLines(dir, "traverse", "Flow", "GET /orders")).toEqual(["TRAVERSE_HIT Flow GET /orders (2 declarations, depth 1)", "[ALL /orders] OrderList.get site/orders/views.py:13", "  OrderList.render_list :16", "complete"]);
    expect(await hitLines(dir, "traverse", "Flow", "GET /orders/1")).toEqual(["TRAVERSE_HIT Flow GET /orders/1 (2 declarations, depth 1)", "[ALL /orders/:pk] detail site/orders/views.py:8", "  load_order :4", "complete"]);
    expect((await hitLines(dir, "traverse", "Endpoint", "GET /orders/1"))[1]).toBe("site/orders/urls.py:7 ALL /orders/:pk → views.detail = detail site/orders/views.py:8 (django; written /:pk, mounted at site/site/urls.py:4)");
  });

  it("ranks the handler's file first in a brief about the route", async () => {
    const dir = await gin();
    const brief = await hitLines(dir, "brief", "GET /items returns deleted items too");
    expect(brief.find((line) => line.startsWith("next:"))).toBe("next: edit api/items.go:7 `ItemAPI.List`");
  });

  it("leaves the handler unnamed once its file changed since indexing, and keeps the route", async () => {
    const dir = copyFixture("endpoints/gin-handlers-sharing-a-name");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    appendFileSync(join(dir, "api/items.go"), "\nfunc helper() {}\n");
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /items")).toEqual(["TRAVERSE_HIT Endpoint GET /items (1)", "main.go:17 GET /items → s.items.List (gin)"]);
  });
});
