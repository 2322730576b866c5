import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, test, signature of every row of symbol_index.md. */
function symbolRows(dir: string): string[][] {
  return tableRows(dir, "symbol_index.md").map(([name, kind, container, exported, location, test, signature]) => [name!, kind!, container!, exported!, location!, test!, signature!]);
}

describe("symbol_index.md for Ruby", () => {
  it("lists classes, modules, methods, constants and attributes by their nesting, public until private says otherwise", async () => {
    const dir = await indexedFixture("symbols/ruby-declarations");
    expect(symbolRows(dir)).toEqual([
      // The doc comment above `module Shop` is not part of it.
      ["Shop", "module", "", "yes", "lib/shop.rb:8-29", "no", "`module Shop`"],
      ["Error", "class", "Shop", "yes", "lib/shop.rb:9-9", "no", "`Error = Class.new(StandardError)`"],
      // A literal that looks like a credential never reaches the committed index.
      ["API_KEY", "constant", "Shop", "yes", "lib/shop.rb:10-10", "no", '`API_KEY = "…"`'],
      // `class << self`: its members are the module's own; its `private` reaches only its own methods.
      ["config", "property", "Shop", "yes", "lib/shop.rb:13-13", "no", "`attr_accessor :config`"],
      ["configure", "method", "Shop", "yes", "lib/shop.rb:15-17", "no", "`def configure`"],
      ["reset!", "method", "Shop", "no", "lib/shop.rb:21-23", "no", "`def reset!`"],
      ["root", "method", "Shop", "yes", "lib/shop.rb:26-28", "no", "`def self.root`"],
      ["shop_label", "function", "", "yes", "lib/shop.rb:31-31", "no", "`def shop_label(name)`"],
      // A module reopened in another file is declared there again.
      ["Shop", "module", "", "yes", "lib/shop/order.rb:1-64", "no", "`module Shop`"],
      ["Order", "class", "Shop", "yes", "lib/shop/order.rb:3-59", "no", "`class Order < Record`"],
      // `private_constant` hides a constant; the `def` in Struct.new's block is the block's, not Order's.
      ["STATUSES", "constant", "Shop.Order", "no", "lib/shop/order.rb:7-7", "no", "`STATUSES = %i[open paid].freeze`"],
      ["Line", "class", "Shop.Order", "yes", "lib/shop/order.rb:8-10", "no", "`Line = Struct.new(:sku, :quantity)`"],
      // One row per attribute, on its own line.
      ["id", "property", "Shop.Order", "yes", "lib/shop/order.rb:12-12", "no", "`attr_reader :id, :lines`"],
      ["lines", "property", "Shop.Order", "yes", "lib/shop/order.rb:13-13", "no", "`attr_reader :id, :lines`"],
      ["note", "property", "Shop.Order", "yes", "lib/shop/order.rb:14-14", "no", "`attr_writer :note`"],
      // Under `if defined?(Rails)`: still the class's.
      ["to_param", "method", "Shop.Order", "yes", "lib/shop/order.rb:17-19", "no", "`def to_param`"],
      // The lambda inside it declares nothing.
      ["initialize", "method", "Shop.Order", "yes", "lib/shop/order.rb:22-26", "no", "`def initialize(id, lines = [])`"],
      ["<=>", "method", "Shop.Order", "yes", "lib/shop/order.rb:28-30", "no", "`def <=>(other)`"],
      ["find", "method", "Shop.Order", "yes", "lib/shop/order.rb:32-34", "no", "`def self.find(id)`"],
      ["internal_total", "method", "Shop.Order", "no", "lib/shop/order.rb:38-40", "no", "`def internal_total`"],
      ["cache", "property", "Shop.Order", "no", "lib/shop/order.rb:44-44", "no", "`attr_accessor :cache`"],
      ["recalculate", "method", "Shop.Order", "no", "lib/shop/order.rb:46-48", "no", "`def recalculate`"],
      // A bare `private` does not reach a class method; `public def` and `public :audit` override it.
      ["build", "method", "Shop.Order", "yes", "lib/shop/order.rb:50-50", "no", "`def self.build`"],
      ["publish!", "method", "Shop.Order", "yes", "lib/shop/order.rb:52-54", "no", "`def publish!`"],
      ["audit", "method", "Shop.Order", "yes", "lib/shop/order.rb:56-56", "no", "`def audit`"],
      // `class Order::Refund` inside `module Shop`: Refund in Shop.Order.
      ["Refund", "class", "Shop.Order", "yes", "lib/shop/order.rb:61-63", "no", "`class Order::Refund < Order`"],
      ["amount", "method", "Shop.Order.Refund", "yes", "lib/shop/order.rb:62-62", "no", "`def amount`"],
      ["Shop", "module", "", "yes", "lib/shop/record.rb:1-5", "no", "`module Shop`"],
      ["Record", "class", "Shop", "yes", "lib/shop/record.rb:2-4", "no", "`class Record`"],
      ["table_name", "method", "Shop.Record", "yes", "lib/shop/record.rb:3-3", "no", "`def self.table_name`"],
      // `included do … end` is a block: TRACKED and tracked? are not Trackable's.
      ["Shop", "module", "", "yes", "lib/shop/trackable.rb:1-16", "no", "`module Shop`"],
      ["Trackable", "module", "Shop", "yes", "lib/shop/trackable.rb:2-15", "no", "`module Trackable`"],
      ["track!", "method", "Shop.Trackable", "yes", "lib/shop/trackable.rb:12-14", "no", "`def track!`"],
      ["Shop", "module", "", "yes", "lib/shop/version.rb:1-3", "no", "`module Shop`"],
      ["VERSION", "constant", "Shop", "yes", "lib/shop/version.rb:2-2", "no", '`VERSION = "1.2.0"`'],
      // A Rakefile's tasks are blocks; its top-level `def` is a function.
      ["seed_count", "function", "", "yes", "lib/tasks/shop.rake:8-8", "no", "`def seed_count`"],
      // RSpec's `describe` block declares nothing; a class beside it in the spec does, as test code.
      ["FakeGateway", "class", "", "yes", "spec/shop/order_spec.rb:11-13", "yes", "`class FakeGateway`"],
      ["charge", "method", "FakeGateway", "yes", "spec/shop/order_spec.rb:12-12", "yes", "`def charge(amount)`"],
    ]);
  });

  it("answers traverse from the index and rejects a Ruby file changed since indexing", async () => {
    const dir = await indexedFixture("symbols/ruby-declarations");
    const hit = await ctx(dir, "traverse", "Symbol", "Order.find");
    expect(hit.code).toBe(0);
    expect(hit.stdout).toBe("TRAVERSE_HIT Symbol Order.find (1)\nlib/shop/order.rb:32-34 method Shop.Order.find · def self.find(id)\n");
    appendFileSync(join(dir, "lib/shop/order.rb"), "\nLATE = 1\n");
    const stale = await ctx(dir, "traverse", "Symbol", "Order.find");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Symbol Order\.find: stale/);
    // Outline of the changed file parses it now, with the Ruby grammar.
    const outline = await ctx(dir, "outline", "lib/shop/order.rb");
    expect(outline.stdout.split("\n")[0]).toBe("OUTLINE lib/shop/order.rb (20 declarations) (changed since indexing: parsed now)");
    expect(outline.stdout).toContain("66 + LATE = 1");
  });

  it("indexes what parses around a syntax error", async () => {
    const dir = await indexedFixture("symbols/ruby-declarations");
    writeFileSync(join(dir, "lib/shop/broken.rb"), "module Shop\n  def good; end\n\n  def broken(\n\n  def after; end\nend\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("lib/shop/broken.rb");
    expect(symbolRows(dir).filter((row) => row[4]!.startsWith("lib/shop/broken.rb")).map((row) => row[0])).toContain("good");
  });

  it("makes a single gem's folders modules, linked by require and by the constants a spec names", async () => {
    const dir = await indexedFixture("symbols/ruby-declarations");
    const manifest = readAi(dir, "domain-manifest.yaml");
    // spec/ requires "shop" (lib/shop.rb) and names Shop::Order (lib/shop/order.rb): both are lib's entries.
    expect(manifest).toMatch(/- name: lib\n {4}paths:\n {6}- lib\n {4}entries:\n {6}- lib\/shop\.rb\n {6}- lib\/shop\/order\.rb\n {4}depends_on: \[\]\n/);
    expect(manifest).toMatch(/- name: spec\n {4}paths:\n {6}- spec\n {4}entries: \[\]\n {4}depends_on:\n {6}- lib\n/);
  });

  it("makes each gemspec below the root a module, depending on the gems it requires or whose constants it names", async () => {
    const dir = await indexedFixture("index/ruby-gems");
    const modules = readAi(dir, "domain-manifest.yaml")
      .split("\n")
      .filter((line) => !/^ {4}(description|keywords|owners):/.test(line))
      .join("\n");
    expect(modules).toContain(
      [
        "modules:",
        // The application's folder: Billing::Invoice leads into the billing gem.
        "  - name: app",
        "    paths:",
        "      - app",
        "    entries: []",
        "    depends_on:",
        "      - billing",
        "    files: 2",
        // Named by spec.name, entered through lib/<name>.rb; `require \"shipping\"` leads into the shipping gem.
        "  - name: billing",
        "    paths:",
        "      - gems/billing",
        "    entries:",
        "      - gems/billing/lib/billing.rb",
        "    depends_on:",
        "      - shipping",
        "    files: 2",
        "  - name: shipping",
        "    paths:",
        "      - gems/shipping",
        "    entries:",
        "      - gems/shipping/lib/shipping.rb",
        "    depends_on: []",
        "    files: 2",
        "",
      ].join("\n"),
    );
  });
});
