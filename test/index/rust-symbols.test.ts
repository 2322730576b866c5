import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, test, signature of every row of symbol_index.md. */
function symbolRows(dir: string): string[][] {
  return tableRows(dir, "symbol_index.md").map(([name, kind, container, exported, location, test, signature]) => [name!, kind!, container!, exported!, location!, test!, signature!]);
}

describe("symbol_index.md for Rust", () => {
  it("lists items, impl and trait members, fields and variants, by module path, exported by a plain pub", async () => {
    const dir = await indexedFixture("symbols/rust-declarations");
    expect(symbolRows(dir)).toEqual([
      // `mod x;` declares a module; `use` and `const _` declare nothing.
      ["store", "module", "", "yes", "src/lib.rs:2-2", "no", "`pub mod store`"],
      ["money", "module", "", "no", "src/lib.rs:3-3", "no", "`mod money`"],
      // A doc comment is not part of the span.
      ["MAX_LINES", "constant", "", "yes", "src/lib.rs:8-8", "no", "`pub const MAX_LINES: usize = 50`"],
      // `pub(crate)` is not exported; a literal that looks like a credential never reaches the index.
      ["API_KEY", "variable", "", "no", "src/lib.rs:9-9", "no", '`pub(crate) static API_KEY: &str = "…"`'],
      ["OrderId", "type", "", "yes", "src/lib.rs:10-10", "no", "`pub type OrderId = u64`"],
      // A macro is exported by #[macro_export], which starts its span (the doc comment above does not).
      ["order", "function", "", "yes", "src/lib.rs:14-19", "no", "`macro_rules! order`"],
      // The fn and const inside its body are locals.
      ["make_order", "function", "", "yes", "src/lib.rs:21-29", "no", "`pub fn make_order(id: OrderId) -> Order`"],
      ["Cents", "struct", "", "yes", "src/money.rs:1-2", "no", "`pub struct Cents(pub u64)`"],
      ["rounding", "module", "", "yes", "src/money.rs:4-15", "no", "`pub mod rounding`"],
      ["round", "function", "rounding", "yes", "src/money.rs:6-8", "no", "`pub fn round(value: f64) -> u64`"],
      ["half", "module", "rounding", "no", "src/money.rs:10-14", "no", "`pub(super) mod half`"],
      ["even", "function", "rounding.half", "yes", "src/money.rs:11-13", "no", "`pub fn even(value: f64) -> u64`"],
      // Attributes start the span, doc comments before them do not.
      ["Order", "struct", "", "yes", "src/store.rs:7-15", "no", "`pub struct Order`"],
      ["id", "property", "Order", "yes", "src/store.rs:10-10", "no", "`pub id: u64`"],
      ["lines", "property", "Order", "no", "src/store.rs:12-13", "no", "`pub(crate) lines: Vec<Line>`"],
      ["total", "property", "Order", "no", "src/store.rs:14-14", "no", "`total: Cents`"],
      // A tuple struct's fields have no names: its head shows them.
      ["Line", "struct", "", "yes", "src/store.rs:17-18", "no", "`pub struct Line(pub String, u32)`"],
      // Variants are as exported as their enum.
      ["Status", "enum", "", "yes", "src/store.rs:20-26", "no", "`pub enum Status`"],
      ["Open", "constant", "Status", "yes", "src/store.rs:22-23", "no", "`Open`"],
      ["Paid", "constant", "Status", "yes", "src/store.rs:24-24", "no", "`Paid`"],
      ["Refunded", "constant", "Status", "yes", "src/store.rs:25-25", "no", "`Refunded(Cents)`"],
      // A trait's items are as exported as the trait; a fn without `self` is an associated function.
      ["Store", "trait", "", "yes", "src/store.rs:28-39", "no", "`pub trait Store`"],
      ["Error", "type", "Store", "yes", "src/store.rs:29-29", "no", "`type Error`"],
      ["NAME", "constant", "Store", "yes", "src/store.rs:30-30", "no", "`const NAME: &'static str`"],
      ["find", "method", "Store", "yes", "src/store.rs:32-32", "no", "`fn find(&self, id: u64) -> Option<&Order>`"],
      ["save", "method", "Store", "yes", "src/store.rs:34-34", "no", "`fn save(&mut self, order: Order) -> Result<(), Self::Error>`"],
      ["describe", "function", "Store", "yes", "src/store.rs:36-38", "no", "`fn describe() -> String`"],
      ["EMPTY", "constant", "Order", "yes", "src/store.rs:42-42", "no", "`pub const EMPTY: usize = 0`"],
      ["new", "function", "Order", "yes", "src/store.rs:44-46", "no", "`pub fn new(id: u64) -> Self`"],
      // `self: Box<Self>` takes self; the where clause is part of the head.
      ["submit", "method", "Order", "yes", "src/store.rs:48-54", "no", "`pub async fn submit(self: Box<Self>, force: bool) -> Result<u64, String> where Self: Sized,`"],
      ["recompute", "method", "Order", "no", "src/store.rs:56-58", "no", "`fn recompute(&mut self)`"],
      // `impl fmt::Display for Order`: the type's name, its items exported with the trait.
      ["fmt", "method", "Order", "yes", "src/store.rs:62-64", "no", "`fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result`"],
      ["Memory", "struct", "", "yes", "src/store.rs:67-69", "no", "`pub struct Memory<T>`"],
      ["orders", "property", "Memory", "no", "src/store.rs:68-68", "no", "`orders: HashMap<u64, T>`"],
      // `impl Store for Memory<Order>`: generics stripped.
      ["Error", "type", "Memory", "yes", "src/store.rs:72-72", "no", "`type Error = String`"],
      ["NAME", "constant", "Memory", "yes", "src/store.rs:73-73", "no", '`const NAME: &\'static str = "memory"`'],
      ["find", "method", "Memory", "yes", "src/store.rs:75-77", "no", "`fn find(&self, id: u64) -> Option<&Order>`"],
      ["save", "method", "Memory", "yes", "src/store.rs:79-82", "no", "`fn save(&mut self, order: Order) -> Result<(), String>`"],
      ["Bits", "struct", "", "no", "src/store.rs:85-88", "no", "`union Bits`"],
      ["raw", "property", "Bits", "no", "src/store.rs:86-86", "no", "`raw: u32`"],
      ["bytes", "property", "Bits", "yes", "src/store.rs:87-87", "no", "`pub bytes: [u8; 4]`"],
      // An extern block opens no scope.
      ["checksum", "function", "", "no", "src/store.rs:91-91", "no", "`fn checksum(data: *const u8, len: usize) -> u32`"],
      ["tests", "module", "", "no", "src/store.rs:94-102", "no", "`mod tests`"],
      ["new_order_is_empty", "function", "tests", "no", "src/store.rs:98-101", "no", "`fn new_order_is_empty()`"],
      // Cargo's integration tests live in tests/.
      ["makes_an_order", "function", "", "no", "tests/orders.rs:3-7", "yes", "`fn makes_an_order()`"],
    ]);
  });

  it("answers traverse from the index and rejects a Rust file changed since indexing", async () => {
    const dir = await indexedFixture("symbols/rust-declarations");
    const hit = await ctx(dir, "traverse", "Symbol", "Order.submit");
    expect(hit.code).toBe(0);
    expect(hit.stdout).toBe(
      "TRAVERSE_HIT Symbol Order.submit (1)\nsrc/store.rs:48-54 method Order.submit · pub async fn submit(self: Box<Self>, force: bool) -> Result<u64, String> where Self: Sized,\n",
    );
    const nested = await ctx(dir, "traverse", "Symbol", "rounding.half.even");
    expect(nested.stdout).toBe("TRAVERSE_HIT Symbol rounding.half.even (1)\nsrc/money.rs:11-13 function rounding.half.even · pub fn even(value: f64) -> u64\n");
    appendFileSync(join(dir, "src/store.rs"), "\npub fn extra() {}\n");
    const stale = await ctx(dir, "traverse", "Symbol", "Order.submit");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Symbol Order\.submit: stale/);
    // Outline of the changed file parses it now, with the Rust grammar: 32 declarations and the new fn.
    const outline = await ctx(dir, "outline", "src/store.rs");
    expect(outline.stdout.split("\n")[0]).toBe("OUTLINE src/store.rs (33 declarations) (changed since indexing: parsed now)");
    expect(outline.stdout).toContain("104 + pub fn extra() {}");
  });

  it("indexes what parses around a syntax error, and survives modules nested thousands deep", async () => {
    const dir = await indexedFixture("symbols/rust-declarations");
    writeFileSync(join(dir, "src/broken.rs"), "pub fn good() {}\n\nfn broken( {\n\npub struct After;\n");
    writeFileSync(join(dir, "src/deep.rs"), `pub fn top() {}\n${"mod m {".repeat(5000)}${"}".repeat(5000)}\n`);
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    const rows = symbolRows(dir);
    expect(rows.filter((row) => row[4]!.startsWith("src/broken.rs")).map((row) => row[0])).toContain("good");
    expect(rows.filter((row) => row[4]!.startsWith("src/deep.rs")).map((row) => row[0])).toContain("top");
  });
});

describe("Rust workspace crates in domain-manifest.yaml", () => {
  it("makes each member crate a module named by its package, depending on the crates its `use` paths reach", async () => {
    const dir = await indexedFixture("modules/rust-workspace");
    const manifest = readAi(dir, "domain-manifest.yaml");
    // shop-core's own `crate::` and `self::` paths stay inside it; shop-web reaches it as `shop_core::order`.
    expect(manifest).toContain(
      ["  - name: shop-core", "    paths:", "      - crates/core", "    entries:", "      - crates/core/src/lib.rs", "    depends_on: []", "    files: 3"].join("\n"),
    );
    expect(manifest).toContain(
      ["  - name: shop-web", "    paths:", "      - crates/web", "    entries:", "      - crates/web/src/main.rs", "    depends_on:", "      - shop-core", "    files: 2"].join("\n"),
    );
    expect(manifest.match(/^ {2}- name: /gm)).toHaveLength(2);
  });
});
