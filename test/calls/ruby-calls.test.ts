import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { callRows, incrementalSteps, indexedFixture } from "../helpers/fixture.js";

describe("call_index.md for Ruby", () => {
  it("resolves constants lexically, self calls through superclass and included modules, super, and receivers made by `Const.new`", async () => {
    expect(await callRows("ruby-constants-and-receivers")).toEqual([
      ["lib/run.rb:4", "main", "call", "Shop.OrderService.build", "lib/shop/order_service.rb:34"],
      // `Order` from a top-level function: app/models/order.rb's; `Time.now` is Ruby's: no row.
      ["lib/run.rb:5", "main", "new", "Order", "app/models/order.rb:1"],
      ["lib/run.rb:5", "main", "call", "Order.total", "app/models/order.rb:2"],
      ["lib/run.rb:9", "(module)", "call", "main", "lib/run.rb:3"],
      ["lib/shop/base_service.rb:8", "Shop.BaseService.place", "call", "Shop.BaseService.check", "lib/shop/base_service.rb:3"],
      // `Repo` inside `module Shop` is Shop::Repo.
      ["lib/shop/order_service.rb:8", "Shop.OrderService.initialize", "new", "Shop.Repo", "lib/shop/repo.rb:2"],
      // A bare `super`: the superclass's `place` (the included Auditing declares none).
      ["lib/shop/order_service.rb:12", "Shop.OrderService.place", "call", "Shop.BaseService.place", "lib/shop/base_service.rb:7"],
      // Inherited from the superclass; an included module's method.
      ["lib/shop/order_service.rb:13", "Shop.OrderService.place", "call", "Shop.BaseService.check", "lib/shop/base_service.rb:3"],
      ["lib/shop/order_service.rb:14", "Shop.OrderService.place", "call", "Shop.Auditing.audit", "lib/shop/auditing.rb:3"],
      // `@repo` is assigned `Repo.new` in the class every time.
      ["lib/shop/order_service.rb:15", "Shop.OrderService.place", "call", "Shop.Repo.save", "lib/shop/repo.rb:7"],
      ["lib/shop/order_service.rb:16", "Shop.OrderService.place", "call", "Shop.OrderService.helper", "lib/shop/order_service.rb:30"],
      ["lib/shop/order_service.rb:17", "Shop.OrderService.place", "call", "Shop.Repo.open", "lib/shop/repo.rb:11"],
      // What `open` returns is not known; `other` is assigned twice, once by a call: candidates.
      ["lib/shop/order_service.rb:18", "Shop.OrderService.place", "call", "save", "-"],
      ["lib/shop/order_service.rb:19", "Shop.OrderService.place", "new", "Shop.Repo", "lib/shop/repo.rb:2"],
      ["lib/shop/order_service.rb:21", "Shop.OrderService.place", "call", "save", "-"],
      ["lib/shop/order_service.rb:22", "Shop.OrderService.place", "call", "total", "-"],
      // In a block, self may be rebound: a candidate; `send` and `puts` are no sites.
      ["lib/shop/order_service.rb:25", "Shop.OrderService.place", "call", "helper", "-"],
    ]);
  });

  it("lands `super` on the nearest ancestor's method, outside only past a superclass outside the repository", async () => {
    expect(await callRows("ruby-super")).toEqual([
      // No superclass written (Object): `save` is a repository method's name, so a candidate.
      ["app/models/account.rb:3", "Account.save", "call", "save", "-"],
      // app/models/user.rb:3, `super` past ApplicationRecord < ActiveRecord::Base: outside, no row.
      // In a block: a candidate.
      ["app/models/user.rb:7", "User.area", "call", "area", "-"],
      // A module's `super` is its includer's ancestor's: a candidate.
      ["lib/shapes/labelled.rb:4", "Shapes.Labelled.describe", "call", "describe", "-"],
      // Shape declares no `initialize` and has no superclass: a candidate.
      ["lib/shapes/square.rb:6", "Shapes.Square.initialize", "call", "initialize", "-"],
      ["lib/shapes/square.rb:11", "Shapes.Square.area", "call", "Shapes.Shape.area", "lib/shapes/shape.rb:3"],
      // The included module comes before the superclass.
      ["lib/shapes/square.rb:15", "Shapes.Square.describe", "call", "Shapes.Labelled.describe", "lib/shapes/labelled.rb:3"],
      // A class method's `super`: a candidate.
      ["lib/shapes/square.rb:19", "Shapes.Square.build", "call", "build", "-"],
    ]);
  });

  it("keeps class methods and instance methods apart: `def self.x`, `class << self`, module_function, extend self", async () => {
    expect(await callRows("ruby-class-methods")).toEqual([
      // In `def self.build`, `validate` is the class method (line 10), not the instance method (line 14).
      ["lib/billing/invoice.rb:4", "Billing.Invoice.build", "call", "Billing.Invoice.validate", "lib/billing/invoice.rb:10"],
      ["lib/billing/invoice.rb:5", "Billing.Invoice.build", "call", "Billing.Invoice.validate", "lib/billing/invoice.rb:10"],
      ["lib/billing/invoice.rb:6", "Billing.Invoice.build", "call", "Billing.Util.round", "lib/billing/util.rb:5"],
      ["lib/billing/invoice.rb:7", "Billing.Invoice.build", "call", "Billing.Fmt.money", "lib/billing/util.rb:13"],
      ["lib/billing/invoice.rb:19", "Billing.Invoice.total", "call", "Billing.Invoice.validate", "lib/billing/invoice.rb:14"],
      ["lib/billing/invoice.rb:20", "Billing.Invoice.total", "call", "Billing.Invoice.validate", "lib/billing/invoice.rb:10"],
      // `number` is an instance method only: through the class, a candidate.
      ["lib/billing/invoice.rb:21", "Billing.Invoice.total", "call", "number", "-"],
      ["lib/billing/invoice.rb:30", "Billing.Invoice.draft", "call", "Billing.Invoice.build", "lib/billing/invoice.rb:3"],
      ["lib/billing/invoice.rb:31", "Billing.Invoice.draft", "call", "number", "-"],
      // Class methods are inherited by subclasses.
      ["lib/billing/invoice.rb:38", "Billing.CreditNote.issue", "call", "Billing.Invoice.validate", "lib/billing/invoice.rb:10"],
      ["lib/billing/invoice.rb:39", "Billing.CreditNote.issue", "call", "Billing.Invoice.build", "lib/billing/invoice.rb:3"],
      ["lib/billing/invoice.rb:43", "Billing.CreditNote.refund", "call", "Billing.Invoice.validate", "lib/billing/invoice.rb:14"],
      ["lib/billing/util.rb:21", "Billing.new", "call", "Billing.Invoice.build", "lib/billing/invoice.rb:3"],
      // `X.new` of a module, or of a class declaring `def self.new`, is that method, not the class.
      ["lib/billing/util.rb:31", "Billing.open", "new", "Billing.new", "lib/billing/util.rb:20"],
      ["lib/billing/util.rb:32", "Billing.open", "new", "Billing.Ledger.new", "lib/billing/util.rb:25"],
    ]);
  });

  it("calls a name not declared under a superclass outside the repository outside only when no repository method has it", async () => {
    expect(await callRows("ruby-outside-superclass")).toEqual([
      ["app/models/post.rb:5", "Post.publish", "call", "Searchable.search_index", "app/models/concerns/searchable.rb:2"],
      ["app/models/post.rb:6", "Post.publish", "call", "ApplicationRecord.touch_later", "app/models/application_record.rb:4"],
      // post.rb:7 `update!` and :10 `Post.where`: no repository method of that name, ActiveRecord's: outside.
      // `tag_list` comes from a module the class includes where it is reopened; `archive` is some repository method's name.
      ["app/models/post.rb:8", "Post.publish", "call", "tag_list", "-"],
      ["app/models/post.rb:9", "Post.publish", "call", "archive", "-"],
      ["app/models/post.rb:11", "Post.publish", "call", "Post.recent", "app/models/post.rb:14"],
      // A gem's module included comes before the superclass: it may declare `prepare`.
      ["app/services/report.rb:11", "Report.run", "call", "prepare", "-"],
      ["app/web/app.rb:5", "App.show", "call", "Helpers.render_page", "app/web/helpers.rb:2"],
      // app.rb:6 `erb`: Sinatra's, outside.
      ["app/web/app.rb:7", "App.show", "call", "archive", "-"],
    ]);
  });

  it("never guesses through send, method_missing, define_method, delegate, a block's receiver, a def in a block, or alias", async () => {
    expect(await callRows("ruby-dynamic")).toEqual([
      ["lib/widget.rb:12", "Widget.paint", "new", "Paint", "lib/widget.rb:1"],
      // `send`, `public_send` (lines 16, 17) and `method_missing` (19): no site. `paint` returns what is not tracked.
      ["lib/widget.rb:18", "Widget.render", "call", "color", "-"],
      // A block's parameter; a block `instance_eval` rebinds self in.
      ["lib/widget.rb:20", "Widget.render", "call", "paint", "-"],
      ["lib/widget.rb:21", "Widget.render", "call", "paint", "-"],
      // Line 22, `shade` (define_method's): no repository declaration, outside. `@paint` is never assigned.
      ["lib/widget.rb:23", "Widget.render", "call", "color", "-"],
      ["lib/widget.rb:24", "Widget.render", "new", "Paint", "lib/widget.rb:1"],
      ["lib/widget.rb:24", "Widget.render", "call", "Paint.color", "lib/widget.rb:2"],
      ["lib/widget.rb:28", "Widget.method_missing", "call", "method_missing", "-"],
      // A `def` in `Paint.class_eval do`: a method of Paint, not Widget's — its `render` is not Widget#render.
      ["lib/widget.rb:33", "Widget", "call", "render", "-"],
      // JsonGuard's own `react` (an alias of deny) and `label` (delegated): not Guard's methods of those names.
      ["lib/widget.rb:57", "JsonGuard.check", "call", "react", "-"],
      ["lib/widget.rb:58", "JsonGuard.check", "call", "label", "-"],
      ["lib/widget.rb:59", "JsonGuard.check", "call", "Guard.deny", "lib/widget.rb:39"],
    ]);
  });

  it("calls a writer for an attribute assigned: `def a=`, or the attribute `attr_accessor`/`attr_writer` declares", async () => {
    expect(await callRows("ruby-setters")).toEqual([
      ["lib/profile.rb:18", "Profile.update", "call", "Profile.email=", "lib/profile.rb:5"],
      ["lib/profile.rb:19", "Profile.update", "call", "Profile.nickname", "lib/profile.rb:2"],
      // Line 20: `attr_reader :age` makes no writer — no row, never the reader. Line 21 reads `visits`; no `visits=` is declared.
      ["lib/profile.rb:21", "Profile.update", "call", "Profile.visits", "lib/profile.rb:13"],
      ["lib/profile.rb:22", "Profile.update", "new", "Profile", "lib/profile.rb:1"],
      ["lib/profile.rb:23", "Profile.update", "call", "Profile.email=", "lib/profile.rb:5"],
      ["lib/profile.rb:24", "Profile.update", "call", "Profile.email", "lib/profile.rb:9"],
    ]);
  });

  it("lands a method defined more than once on the definition Ruby evaluates last: the file's last when all are unconditional, else a candidate", async () => {
    expect(await callRows("ruby-redefined-methods")).toEqual([
      // Report is declared in two files: the one `require_relative "report"` reaches.
      ["lib/main.rb:6", "Main.run", "new", "Report", "lib/report.rb:1"],
      // `def self.page` again inside `if ENV.key?(…)`: which one runs is the environment's — a candidate.
      ["lib/main.rb:7", "Main.run", "call", "page", "-"],
      ["lib/main.rb:7", "Main.run", "call", "Report.title", "lib/report.rb:2"],
      // Defined twice unconditionally, then again where the module is reopened inside an `if`: a candidate.
      ["lib/main.rb:8", "Main.run", "call", "quiet?", "-"],
      // Report reopened further down the same file: its `heading` (line 46) is the one evaluated last.
      ["lib/main.rb:9", "Main.run", "call", "Report.heading", "lib/report.rb:46"],
      // Again under a modifier `unless`, in a `begin … rescue LoadError`, in the branches of a `case`: candidates.
      ["lib/main.rb:10", "Main.run", "call", "width", "-"],
      ["lib/main.rb:11", "Main.run", "call", "columns", "-"],
      ["lib/main.rb:12", "Main.run", "call", "separator", "-"],
      // Also defined where lib/report/margins.rb reopens Report: load order decides — a candidate.
      ["lib/main.rb:13", "Main.run", "call", "margin", "-"],
      ["lib/main.rb:14", "Main.run", "call", "Pager.deliver", "lib/pager.rb:17"],
      ["lib/main.rb:26", "(module)", "new", "Main", "lib/main.rb:4"],
      ["lib/main.rb:26", "(module)", "call", "Main.run", "lib/main.rb:5"],
      // A top-level function defined twice: the second.
      ["lib/main.rb:26", "(module)", "call", "version", "lib/main.rb:22"],
      ["lib/main.rb:36", "(module)", "new", "Main", "lib/main.rb:4"],
      ["lib/main.rb:36", "(module)", "call", "Main.run", "lib/main.rb:5"],
      // Again under a modifier `if`: a candidate.
      ["lib/main.rb:36", "(module)", "call", "greeting", "-"],
      ["lib/main.rb:37", "(module)", "call", "Pager.deliver", "lib/pager.rb:17"],
      ["lib/main.rb:37", "(module)", "call", "quiet?", "-"],
      // Two unconditional class methods: the second.
      ["lib/main.rb:38", "(module)", "call", "Pager.limit", "lib/pager.rb:39"],
      ["lib/pager.rb:13", "Pager.page", "call", "Pager.deliver", "lib/pager.rb:17"],
      ["lib/report/margins.rb:7", "Report.footer", "call", "margin", "-"],
    ]);
  });

  it("links a call again when another file reopening the class defines its method or no longer does: the incremental index equals a full one", async () => {
    const dir = await indexedFixture("calls/ruby-redefined-methods");
    const step = incrementalSteps(dir);
    const margins = join(dir, "lib/report/margins.rb");
    // margins.rb no longer defines `margin`: report.rb's is the only one.
    await step(
      () => writeFileSync(margins, readFileSync(margins, "utf8").replace("def margin(text)", "def padding(text)")),
      (index) => expect(index).toContain("| lib/main.rb:13 | Main.run | method | call | Report.margin | method | lib/report.rb:40 |"),
    );
    // A new file reopens Report with its own `title`: load order decides.
    await step(
      () => writeFileSync(join(dir, "lib/report/titles.rb"), "class Report\n  def title(text)\n    text.capitalize\n  end\nend\n"),
      (index) => expect(index).toContain("| lib/main.rb:7 | Main.run | method | call | title | unresolved | - |"),
    );
    // margins.rb defines `title` too, then `padding` no more: the first step undone.
    await step(
      () => writeFileSync(margins, readFileSync(margins, "utf8").replace("def padding(text)", "def margin(text)")),
      (index) => expect(index).toContain("| lib/main.rb:13 | Main.run | method | call | margin | unresolved | - |"),
    );
  });
});
