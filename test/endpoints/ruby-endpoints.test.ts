import { describe, expect, it } from "vitest";
import { endpointsOf, hitLines, indexedFixture } from "../helpers/fixture.js";

describe("endpoint_index.md for Ruby", () => {
  it("reads Rails routes: resources with only/except, nested resources, member and collection routes, namespaces, scopes, mounts and drawn files", async () => {
    const r = "config/routes.rb";
    expect(await endpointsOf("rails-resources-and-namespaces")).toEqual([
      ["GET", "/", "PagesController.home", `${r}:2`, "rails", "", ""],
      ["GET", "/about", "PagesController.about", `${r}:3`, "rails", "", ""],
      ["GET", "/login", "SessionsController.new", `${r}:4`, "rails", "", ""],
      ["GET", "/articles", "ArticlesController.index", `${r}:6`, "rails", "/", `${r}:6`],
      ["GET", "/articles/:id", "ArticlesController.show", `${r}:6`, "rails", "/:id", `${r}:6`],
      ["POST", "/articles", "ArticlesController.create", `${r}:6`, "rails", "/", `${r}:6`],
      // Nested under the parent's member path, its id named after it.
      ["GET", "/articles/:article_id/comments", "CommentsController.index", `${r}:7`, "rails", "/", `${r}:6, ${r}:7`],
      ["POST", "/articles/:article_id/comments", "CommentsController.create", `${r}:7`, "rails", "/", `${r}:6, ${r}:7`],
      ["POST", "/articles/:id/publish", "ArticlesController.publish", `${r}:9`, "rails", "/publish", `${r}:6`],
      ["GET", "/articles/search", "ArticlesController.search", `${r}:11`, "rails", "/search", `${r}:6`],
      // A singular resource has no id, and its controller is plural.
      ["GET", "/profile", "ProfilesController.show", `${r}:14`, "rails", "/", `${r}:14`],
      ["PATCH", "/profile", "ProfilesController.update", `${r}:14`, "rails", "/", `${r}:14`],
      ["PUT", "/profile", "ProfilesController.update", `${r}:14`, "rails", "/", `${r}:14`],
      ["GET", "/admin/users", "Admin.UsersController.index", `${r}:17`, "rails", "/", `${r}:16, ${r}:17`],
      ["GET", "/admin/users/:id", "Admin.UsersController.show", `${r}:17`, "rails", "/:id", `${r}:16, ${r}:17`],
      ["PATCH", "/admin/users/:id", "Admin.UsersController.update", `${r}:17`, "rails", "/:id", `${r}:16, ${r}:17`],
      ["POST", "/admin/users", "Admin.UsersController.create", `${r}:17`, "rails", "/", `${r}:16, ${r}:17`],
      ["PUT", "/admin/users/:id", "Admin.UsersController.update", `${r}:17`, "rails", "/:id", `${r}:16, ${r}:17`],
      // `scope "/api", module: "api"` adds a path and a controller module, as namespace does.
      ["GET", "/api/v1/status", "Api.V1.HealthController.show", `${r}:22`, "rails", "/status", `${r}:20, ${r}:21`],
      ["ALL", "/sidekiq", "Sidekiq::Web", `${r}:26`, "rails", "", ""],
      // `draw :reports` serves config/routes/reports.rb where it is drawn.
      // A scope naming a controller and an action serves each route in it with that action.
      ["GET", "/old/feed", "LegacyController.gone", `${r}:29`, "rails", "", ""],
      ["GET", "/reports/daily", "Reports.DailyController.index", "config/routes/reports.rb:2", "rails", "/daily", `${r}:27, config/routes/reports.rb:1`],
    ]);
  });

  it("answers a request with the controller action the route names", async () => {
    const dir = await indexedFixture("endpoints/rails-resources-and-namespaces");
    expect(await hitLines(dir, "traverse", "Endpoint", "PATCH /admin/users/3")).toEqual([
      "TRAVERSE_HIT Endpoint PATCH /admin/users/3 (1)",
      "config/routes.rb:17 PATCH /admin/users/:id → Admin.UsersController.update app/controllers/admin/users_controller.rb:9 (rails)",
    ]);
  });

  it("reads Sinatra routes in a Sinatra::Base class and sinatra-contrib namespaces, each handler its block", async () => {
    expect(await endpointsOf("sinatra-app")).toEqual([
      ["GET", "/", "<inline>", "app.rb:7-9", "sinatra", "", ""],
      ["GET", "/api/notes/:id", "<inline>", "app.rb:12-14", "sinatra", "/notes/:id", "app.rb:11"],
      ["POST", "/api/notes", "<inline>", "app.rb:16-18", "sinatra", "/notes", "app.rb:11"],
      // A backslash escapes a character of the pattern.
      ["GET", "/.well-known/health", "<inline>", "app.rb:21-23", "sinatra", "", ""],
    ]);
  });

  it("reads Sinatra's Regexp routes as one-line patterns under their namespace; an interpolated one is not indexed", async () => {
    expect(await endpointsOf("sinatra-regexp-routes")).toEqual([
      // Extended mode (`x`): the spacing and comments are not part of the pattern.
      ["GET", "%r{/wiki/history/(.+?)/([0-9a-f]{40})}", "<inline>", "app.rb:10-15", "sinatra", "%r{/history/(.+?)/([0-9a-f]{40})}", "app.rb:9"],
      ["GET", "/wiki/history/*", "<inline>", "app.rb:17-19", "sinatra", "/history/*", "app.rb:9"],
      // The table escapes a pipe.
      ["GET", "%r{/wiki/(edit\\|create)/(custom\\|math\\.config)\\.(js\\|css)}i", "<inline>", "app.rb:21-23", "sinatra", "%r{/(edit\\|create)/(custom\\|math\\.config)\\.(js\\|css)}i", "app.rb:9"],
      ["GET", "/wiki/edit/*", "<inline>", "app.rb:25-27", "sinatra", "/edit/*", "app.rb:9"],
      ["GET", "%r{/(\\w+)/\\1}", "<inline>", "app.rb:34-36", "sinatra", "", ""],
      ["GET", "%r{/(.+?)/([0-9a-f]{40})}", "<inline>", "app.rb:38-40", "sinatra", "", ""],
      ["GET", "/*", "<inline>", "app.rb:42-44", "sinatra", "", ""],
    ]);
  });

  it("answers a request with the first Sinatra route that matches it, in the order they are defined, a Regexp route's pattern matched safely", async () => {
    const dir = await indexedFixture("endpoints/sinatra-regexp-routes");
    const first = async (request: string): Promise<string> => (await hitLines(dir, "traverse", "Endpoint", request))[1]!;
    const version = "3f2c9a1b7d4e5f60718293a4b5c6d7e8f9012345";
    expect(await first(`GET /wiki/history/docs/Home.md/${version}`)).toBe("app.rb:10 GET %r{/wiki/history/(.+?)/([0-9a-f]{40})} → <inline> (sinatra)");
    expect(await first("GET /wiki/history/docs/Home.md")).toBe("app.rb:17 GET /wiki/history/* → <inline> (sinatra)");
    // Defined before `/edit/*`, which matches too; `i` matches either case.
    expect(await first("GET /wiki/edit/Custom.CSS")).toBe("app.rb:21 GET %r{/wiki/(edit|create)/(custom|math\\.config)\\.(js|css)}i → <inline> (sinatra)");
    expect(await first("GET /wiki/edit/docs/Home.md")).toBe("app.rb:25 GET /wiki/edit/* → <inline> (sinatra)");
    expect(await first(`GET /docs/Home.md/${version}`)).toBe("app.rb:38 GET %r{/(.+?)/([0-9a-f]{40})} → <inline> (sinatra)");
    expect(await first("GET /docs/Home.md")).toBe("app.rb:42 GET /* → <inline> (sinatra)");
    // A pattern a safe matcher cannot run (a back-reference) is found by its text only.
    expect(await first("GET /a/a")).toBe("app.rb:42 GET /* → <inline> (sinatra)");
  });
});
