import { describe, expect, it } from "vitest";
import { regexRoute, routeParameters } from "../../src/analysis/route-parameters.js";

describe("route parameters as :name", () => {
  it("reads the brace and angle-bracket syntaxes of FastAPI, chi, gorilla/mux, net/http, Flask and Django", () => {
    // A parameter that takes the rest of the path is written as path-to-regexp writes it.
    expect(routeParameters("/items/{item_id}/files/{path:path}")).toBe("/items/:item_id/files/:path*");
    expect(routeParameters("/articles/{id:[0-9]+}/{rest...}")).toBe("/articles/:id([0-9]+)/:rest*");
    expect(routeParameters("/media/<path:name>")).toBe("/media/:name*");
    expect(routeParameters("/users/{id:[0-9]{2,4}}")).toBe("/users/:id([0-9]{2,4})");
    expect(routeParameters("/orders/<int:order_id>/<slug>")).toBe("/orders/:order_id/:slug");
    // Gin's and echo's own syntax is already the index's.
    expect(routeParameters("/files/:name/*filepath")).toBe("/files/:name/*filepath");
  });

  it("reads a Django re_path regex: anchors dropped, named groups as :name, other capturing groups as :param", () => {
    expect(regexRoute("^legacy/(?P<year>[0-9]{4})/(?P<slug>[\\w-]+)/$")).toBe("legacy/:year/:slug/");
    expect(regexRoute("^page/([0-9]+)\\.html$")).toBe("page/:param.html");
    expect(regexRoute("^(?:en|de)/about/?$")).toBe("(?:en|de)/about/");
  });
});
