import { describe, expect, it } from "vitest";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { copyFixture, ctx, endpointsOf, hitLines, indexedFiles, indexedFixture, tableRows } from "../helpers/fixture.js";

describe("endpoint_index.md for PHP", () => {
  it("reads Laravel routes: groups with prefixes, controller groups, resources with only/except, routes/api.php under /api, a later registration replacing an earlier", async () => {
    const web = "routes/web.php";
    const api = "routes/api.php";
    expect(await endpointsOf("laravel-route-groups")).toEqual([
      ["GET", "/api/v1/orders", "OrderController.index", `${api}:7`, "laravel", "/orders", `${api}:1, ${api}:6`],
      ["GET", "/api/v1/orders/{order}", "OrderController.show", `${api}:7`, "laravel", "/orders/{order}", `${api}:1, ${api}:6`],
      ["PATCH", "/api/v1/orders/{order}", "OrderController.update", `${api}:7`, "laravel", "/orders/{order}", `${api}:1, ${api}:6`],
      ["POST", "/api/v1/orders", "OrderController.store", `${api}:7`, "laravel", "/orders", `${api}:1, ${api}:6`],
      ["PUT", "/api/v1/orders/{order}", "OrderController.update", `${api}:7`, "laravel", "/orders/{order}", `${api}:1, ${api}:6`],
      ["GET", "/", "<inline>", `${web}:8-10`, "laravel", "", ""],
      ["GET", "/orders/{order}", "OrderController.show", `${web}:12`, "laravel", "", ""],
      ["POST", "/checkout", "OrderController.checkout", `${web}:13`, "laravel", "", ""],
      ["GET", "/admin/reports", "ReportController.index", `${web}:16`, "laravel", "/reports", `${web}:15`],
      // A controller group's routes name a method of its controller.
      ["POST", "/admin/reports/{report}/export", "ReportController.export", `${web}:18`, "laravel", "/{report}/export", `${web}:15, ${web}:17`],
      ["DELETE", "/photos/{photo}", "PhotoController.destroy", `${web}:22`, "laravel", "", ""],
      ["GET", "/photos", "PhotoController.index", `${web}:22`, "laravel", "", ""],
      ["GET", "/photos/{photo}", "PhotoController.show", `${web}:22`, "laravel", "", ""],
      // `['uses' => 'C@m']`: the action under `uses`.
      ["GET", "/legacy", "OrderController.index", `${web}:23`, "laravel", "", ""],
      // A later registration of a method and path replaces the earlier one.
      ["GET", "/checkout", "OrderController.index", `${web}:25`, "laravel", "", ""],
    ]);
  });

  it("joins Symfony's #[Route] on a controller class with those on its methods, every method when none is given, a mapped parameter as the URL fills it", async () => {
    const file = "src/Controller/BlogController.php";
    expect(await endpointsOf("symfony-route-attributes")).toEqual([
      ["GET", "/blog", "BlogController.index", `${file}:12`, "symfony", "/", `${file}:9`],
      ["GET", "/blog/posts/{slug}", "BlogController.post", `${file}:18`, "symfony", "/posts/{slug}", `${file}:9`],
      ["HEAD", "/blog/posts/{slug}", "BlogController.post", `${file}:18`, "symfony", "/posts/{slug}", `${file}:9`],
      ["POST", "/blog/comment/{postSlug}/new", "BlogController.commentNew", `${file}:24`, "symfony", "/comment/{postSlug}/new", `${file}:9`],
      ["ALL", "/blog/search", "BlogController.search", `${file}:30`, "symfony", "/search", `${file}:9`],
    ]);
  });

  it("reads Symfony's YAML route files: routes with a controller, imports of #[Route] folders behind a prefix, a defaulted last parameter as optional; bundles and when@dev left out", async () => {
    const yaml = "config/routes.yaml";
    const blog = "src/Controller/BlogController.php";
    expect(await endpointsOf("symfony-yaml-routes")).toEqual([
      ["ALL", "/{_locale?}", "TemplateController.templateAction", `${yaml}:2`, "symfony", "", ""],
      ["GET", "/feed.xml", "FeedController.rss", `${yaml}:14`, "symfony", "", ""],
      ["HEAD", "/feed.xml", "FeedController.rss", `${yaml}:14`, "symfony", "", ""],
      ["GET", "/api/v1/orders", "OrderController.list", "src/Api/OrderController.php:11", "symfony", "/", "config/routes/api.yaml:1, src/Api/OrderController.php:8"],
      ["GET", "/{_locale}/blog", "BlogController.index", `${blog}:11`, "symfony", "/", `${yaml}:9, ${blog}:8`],
      ["GET", "/{_locale}/blog/posts/{slug}", "BlogController.show", `${blog}:17`, "symfony", "/posts/{slug}", `${yaml}:9, ${blog}:8`],
    ]);
  });

  it("answers a request through a YAML import, links a YAML route's controller, and goes stale when the YAML file changes", async () => {
    const dir = copyFixture("endpoints/symfony-yaml-routes");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /")).toEqual(["TRAVERSE_HIT Endpoint GET / (1)", "config/routes.yaml:2 ALL /{_locale?} → TemplateController.templateAction (symfony)"]);
    expect(await hitLines(dir, "traverse", "Endpoint", "GET /fr/blog/posts/hello")).toEqual([
      "TRAVERSE_HIT Endpoint GET /fr/blog/posts/hello (1)",
      "src/Controller/BlogController.php:17 GET /{_locale}/blog/posts/{slug} → BlogController.show (symfony; written /posts/{slug}, mounted at config/routes.yaml:9)",
    ]);
    expect((await hitLines(dir, "traverse", "Endpoint", "GET /feed.xml"))[1]).toBe("config/routes.yaml:14 GET /feed.xml → FeedController.rss src/Controller/FeedController.php:9 (symfony)");
    appendFileSync(join(dir, "config/routes.yaml"), "# moved\n");
    const stale = await ctx(dir, "traverse", "Endpoint", "GET /fr/blog/posts/hello");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("rejected: config/routes.yaml (modified since indexing)");
  });

  it("keeps indexing past a YAML route file that does not parse or is not Symfony's, and serves nothing from it", async () => {
    const dir = await indexedFiles({
      "config/routes.yaml": "homepage:\n  path: [unclosed\n",
      "config/routes/other.yaml": "- just\n- a list\n",
      "src/Controller/A.php": "<?php\nuse Symfony\\Component\\Routing\\Attribute\\Route;\nclass A {\n    #[Route('/a')]\n    public function a() {}\n}\n",
    });
    expect(tableRows(dir, "endpoint_index.md")).toEqual([["ALL", "/a", "A.a", "src/Controller/A.php:4", "symfony", "", ""]]);
    expect(tableRows(dir, "file_index.md").map((row) => row[0])).toEqual(["config/routes.yaml", "config/routes/other.yaml", "src/Controller/A.php"]);
  });

  it("answers a request with the route and its controller method", async () => {
    const dir = await indexedFixture("endpoints/laravel-route-groups");
    expect(await hitLines(dir, "traverse", "Endpoint", "POST /admin/reports/7/export")).toEqual([
      "TRAVERSE_HIT Endpoint POST /admin/reports/7/export (1)",
      "routes/web.php:18 POST /admin/reports/{report}/export → ReportController.export app/Http/Controllers/Admin/ReportController.php:11 (laravel)",
    ]);
    expect((await hitLines(dir, "show", "POST /admin/reports/7/export"))[0]).toBe("SHOW method ReportController.export app/Http/Controllers/Admin/ReportController.php:11-11");
  });
});
