import { describe, expect, it } from "vitest";
import { endpointsOf } from "../helpers/fixture.js";

describe("endpoint_index.md for Python", () => {
  it("joins FastAPI routers through include_router prefixes and APIRouter(prefix=) across modules, keeping an unknown prefix as {expression}", async () => {
    expect(await endpointsOf("fastapi-nested-routers")).toEqual([
      ["GET", "/api/v1/{settings.ADMIN_PATH}/stats", "stats", "app/api/routes/admin.py:6", "fastapi", "/stats", "app/main.py:7, app/api/main.py:9"],
      ["GET", "/api/v1/items", "list_items", "app/api/routes/items.py:6", "fastapi", "/", "app/main.py:7, app/api/main.py:7, app/api/routes/items.py:3"],
      ["GET", "/api/v1/items/:item_id", "read_item", "app/api/routes/items.py:11", "fastapi", "/:item_id", "app/main.py:7, app/api/main.py:7, app/api/routes/items.py:3"],
      ["HEAD", "/api/v1/items/:item_id", "read_item", "app/api/routes/items.py:11", "fastapi", "/:item_id", "app/main.py:7, app/api/main.py:7, app/api/routes/items.py:3"],
      ["DELETE", "/api/v1/items/:item_id", "delete_item", "app/api/routes/items.py:16", "fastapi", "/:item_id", "app/main.py:7, app/api/main.py:7, app/api/routes/items.py:3"],
      ["POST", "/api/v1/users/:user_id/avatar/:path*", "upload_avatar", "app/api/routes/users.py:6", "fastapi", "/:user_id/avatar/:path*", "app/main.py:7, app/api/main.py:8"],
      ["GET", "/api/v1/users/me", "<inline>", "app/api/routes/users.py:11", "fastapi", "/me", "app/main.py:7, app/api/main.py:8"],
      ["GET", "/health", "health", "app/main.py:10", "fastapi", "", ""],
    ]);
  });

  it("joins Flask blueprints: their url_prefix, or the one register_blueprint gives instead, and methods from route()", async () => {
    expect(await endpointsOf("flask-blueprints")).toEqual([
      ["GET", "/", "index", "shop/__init__.py:12", "flask", "", ""],
      ["GET", "/account/login", "login", "shop/auth.py:7", "flask", "/login", "shop/__init__.py:10"],
      ["POST", "/account/login", "login", "shop/auth.py:7", "flask", "/login", "shop/__init__.py:10"],
      ["GET", "/orders", "orders", "shop/orders.py:6", "flask", "/", "shop/__init__.py:9, shop/orders.py:3"],
      ["POST", "/orders", "orders", "shop/orders.py:6", "flask", "/", "shop/__init__.py:9, shop/orders.py:3"],
      ["GET", "/orders/:order_id", "order", "shop/orders.py:11", "flask", "/:order_id", "shop/__init__.py:9, shop/orders.py:3"],
      ["POST", "/orders/:order_id/cancel", "cancel", "shop/orders.py:20", "flask", "/:order_id/cancel", "shop/__init__.py:9, shop/orders.py:3"],
    ]);
  });

  it("follows Django include() by module name and to a pattern list, with path converters and re_path groups as :params", async () => {
    expect(await endpointsOf("django-includes")).toEqual([
      ["ALL", "/orders/:pk", "views.OrderDetail", "site/orders/urls.py:6", "django", "/", "site/site/urls.py:8, site/orders/urls.py:12"],
      ["ALL", "/orders/:pk/edit", "views.edit", "site/orders/urls.py:7", "django", "/edit", "site/site/urls.py:8, site/orders/urls.py:12"],
      ["ALL", "/orders", "views.order_list", "site/orders/urls.py:11", "django", "/", "site/site/urls.py:8"],
      ["ALL", "/admin", "admin.site.urls", "site/site/urls.py:7", "django", "", ""],
      ["ALL", "/", "order_views.home", "site/site/urls.py:9", "django", "", ""],
      ["ALL", "/legacy/:year", "order_views.archive", "site/site/urls.py:10", "django", "", ""],
    ]);
  });
});
