import { beforeAll, describe, expect, it } from "vitest";
import { extractRubyImports } from "../../src/analysis/ruby/extract-imports.js";
import { RUBY_PROJECT } from "../../src/analysis/ruby/ruby-project.js";
import { underscore } from "../../src/analysis/ruby/underscore.js";
import { grammarLoading, parseTree } from "../../src/analysis/tree-sitter.js";

const PATHS = [
  "Gemfile",
  "app/models/order.rb",
  "app/models/shop/order.rb",
  "app/models/shop/cart.rb",
  "app/models/concerns/trackable.rb",
  "app/services/http_client.rb",
  "app/controllers/admin/orders_controller.rb",
  "lib/shop.rb",
  "lib/shop/version.rb",
  "lib/tasks/seed.rake",
  "config/boot.rb",
  "config/environment.rb",
  "spec/rails_helper.rb",
  "spec/models/order_spec.rb",
  "engines/billing/billing.gemspec",
  "engines/billing/lib/billing.rb",
  "engines/billing/lib/billing/invoice.rb",
  "engines/billing/app/models/billing/payment.rb",
  "engines/billing/app/models/order.rb",
  "web/index.ts",
];

describe("Ruby imports", () => {
  beforeAll(async () => {
    await grammarLoading("ruby");
  });

  const importsOf = (text: string): string[] => {
    const tree = parseTree("ruby", text);
    try {
      return extractRubyImports(tree.rootNode);
    } finally {
      tree.delete();
    }
  };

  it("lists requires as written and the constants a file names but does not declare, in source order, once each", () => {
    const text = [
      'require "json"',
      "require 'shop/version'",
      'require_relative "order"',
      'require_relative "../lib/shop"',
      'require "#{root}/dynamic"',
      'autoload :Line, "shop/line"',
      "module Shop",
      "  class Cart < ApplicationRecord",
      "    include Trackable",
      "    include Comparable",
      "    MAX_LINES = 50",
      "    Entry = Struct.new(:sku)",
      "    def checkout",
      '      require "lazy"',
      "      Billing::Invoice.create!(self, limit: MAX_LINES)",
      "      ::Payments::Gateway.charge(Entry.new, HTTPClient.new)",
      "      Cart.count + Trackable.size + Integer(\"1\")",
      "      raise ArgumentError unless Rails.env.test?",
      "    end",
      "  end",
      "  class Billing::Refund; end",
      "end",
    ].join("\n");
    expect(importsOf(text)).toEqual([
      "json",
      "shop/version",
      "./order",
      "../lib/shop",
      "shop/line",
      "::ApplicationRecord",
      "::Trackable",
      "lazy",
      "::Billing::Invoice",
      "::Payments::Gateway",
      "::HTTPClient",
      // `class Billing::Refund`: Billing must exist to hold it.
      "::Billing",
    ]);
  });

  it("survives a broken file and reads no constant from a declaration's own name", () => {
    expect(importsOf('require "a"\n\ndef broken(\n  Order.find(\n')).toEqual(["a", "::Order"]);
    expect(importsOf("module A\n  module B\n    C = 1\n  end\nend\n")).toEqual([]);
  });
});

describe("RUBY_PROJECT", () => {
  it("reads Gemfiles and gemspecs", () => {
    expect(RUBY_PROJECT.buildFile.test("Gemfile")).toBe(true);
    expect(RUBY_PROJECT.buildFile.test("engines/billing/billing.gemspec")).toBe(true);
    expect(RUBY_PROJECT.buildFile.test("Gemfile.lock")).toBe(false);
    expect(RUBY_PROJECT.buildFile.test("MyGemfile")).toBe(false);
  });

  it("spells constants as file names", () => {
    expect(underscore("HTTPClient")).toBe("http_client");
    expect(underscore("OrdersController")).toBe("orders_controller");
    expect(underscore("Order")).toBe("order");
    expect(underscore("V2Api")).toBe("v2_api");
  });

  it("resolves require_relative from the file's folder and require under the nearest lib/, spec/ or test/", () => {
    const resolve = RUBY_PROJECT.resolver(PATHS, []);
    expect(resolve("config/environment.rb", "./boot")).toBe("config/boot.rb");
    expect(resolve("config/environment.rb", "../lib/shop.rb")).toBe("lib/shop.rb");
    expect(resolve("config/boot.rb", "../../outside")).toBeNull();
    expect(resolve("config/boot.rb", "./missing")).toBeNull();
    expect(resolve("spec/models/order_spec.rb", "shop/version")).toBe("lib/shop/version.rb");
    expect(resolve("spec/models/order_spec.rb", "rails_helper")).toBe("spec/rails_helper.rb");
    // A gem of the repository loads from its own lib/.
    expect(resolve("app/models/order.rb", "billing/invoice")).toBe("engines/billing/lib/billing/invoice.rb");
    expect(resolve("app/models/order.rb", "json")).toBeNull();
    // app/ is autoloaded, not on the load path.
    expect(resolve("config/boot.rb", "shop/order")).toBeNull();
  });

  it("resolves constants where Zeitwerk loads them: from the importer's namespace outwards, then the path's parents", () => {
    const resolve = RUBY_PROJECT.resolver(PATHS, []);
    expect(resolve("spec/models/order_spec.rb", "::Order")).toBe("app/models/order.rb");
    // Written in Shop::Cart, Order is Shop::Order first.
    expect(resolve("app/models/shop/cart.rb", "::Order")).toBe("app/models/shop/order.rb");
    expect(resolve("app/controllers/admin/orders_controller.rb", "::Shop::Cart")).toBe("app/models/shop/cart.rb");
    expect(resolve("app/models/order.rb", "::Trackable")).toBe("app/models/concerns/trackable.rb");
    expect(resolve("app/models/order.rb", "::HTTPClient")).toBe("app/services/http_client.rb");
    expect(resolve("app/models/order.rb", "::Shop::VERSION")).toBe("lib/shop/version.rb");
    expect(resolve("app/models/order.rb", "::Shop::Order::Line")).toBe("app/models/shop/order.rb");
    expect(resolve("app/models/order.rb", "::Billing::Payment")).toBe("engines/billing/app/models/billing/payment.rb");
    // The nearest of two `order.rb`s.
    expect(resolve("engines/billing/lib/billing.rb", "::Order")).toBe("engines/billing/app/models/order.rb");
    expect(resolve("app/models/order.rb", "::Stripe::Charge")).toBeNull();
  });

  it("makes a module of each gemspec below the root that packages Ruby files, named by spec.name", () => {
    const billing = { path: "engines/billing/billing.gemspec", text: 'Gem::Specification.new do |spec|\n  spec.name    = "billing"\n  spec.version = "1.0"\nend\n' };
    const renamed = { path: "gems/core/core.gemspec", text: "Gem::Specification.new do |s|\n  s.name = 'shop-core'\nend\n" };
    const computed = { path: "gems/tools/tools.gemspec", text: 'Gem::Specification.new { |s| s.name = "#{PREFIX}-tools" }' };
    const fixture = { path: "spec/fixtures/gems/sample/sample.gemspec", text: 's.name = "sample"' };
    const empty = { path: "docs/docs.gemspec", text: 's.name = "docs"' };
    const root = { path: "shop.gemspec", text: 's.name = "shop"' };
    const paths = [...PATHS, "gems/core/lib/shop/core.rb", "gems/tools/lib/tools.rb", "spec/fixtures/gems/sample/lib/sample.rb", "docs/index.md"];
    expect(RUBY_PROJECT.packages([billing, renamed, computed, fixture, empty, root, { path: "Gemfile", text: "gemspec\n" }], paths)).toEqual([
      { name: "billing", dir: "engines/billing", entryHints: ["engines/billing/lib/billing.rb"] },
      { name: "shop-core", dir: "gems/core", entryHints: ["gems/core/lib/shop/core.rb"] },
      { name: "tools", dir: "gems/tools", entryHints: ["gems/tools/lib/tools.rb"] },
    ]);
    expect(RUBY_PROJECT.packages([root, { path: "Gemfile", text: "gemspec\n" }], paths)).toEqual([]);
  });

  it("treats a malformed gemspec as one named by its file, never an error", () => {
    const broken = [
      { path: "gems/a/a.gemspec", text: 'Gem::Specification.new do |s|\n  s.name = "unterminated\n' },
      { path: "gems/b/b.gemspec", text: "\u0000\u0001 not ruby at all {{{" },
      { path: "gems/c/c.gemspec", text: "" },
    ];
    const paths = ["gems/a/lib/a.rb", "gems/b/lib/b.rb", "gems/c/lib/other.rb"];
    expect(RUBY_PROJECT.packages(broken, paths)).toEqual([
      { name: "a", dir: "gems/a", entryHints: ["gems/a/lib/a.rb"] },
      { name: "b", dir: "gems/b", entryHints: ["gems/b/lib/b.rb"] },
      { name: "c", dir: "gems/c", entryHints: [] },
    ]);
    expect(RUBY_PROJECT.resolver(paths, broken)("gems/a/lib/a.rb", "b")).toBe("gems/b/lib/b.rb");
  });
});
