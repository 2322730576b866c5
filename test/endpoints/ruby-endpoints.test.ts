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
});
