import { describe, expect, it } from "vitest";
import { indexedFixture, tableRows } from "../helpers/fixture.js";

/** site, caller, via, callee, target of every call_index.md row. */
async function callRows(fixture: string): Promise<string[][]> {
  const dir = await indexedFixture(`calls/${fixture}`);
  return tableRows(dir, "call_index.md")
    .filter((row) => row.length === 7)
    .map(([site, caller, , via, callee, , target]) => [site!, caller!, via!, callee!, target!]);
}

describe("call_index.md for Rust", () => {
  it("types receivers by self, fields, parameters, lets, declared returns and trait bounds", async () => {
    expect(await callRows("rust-typed-receivers")).toEqual([
      ["src/orders.rs:11", "Service.new", "call", "Repo.open", "src/store/repo.rs:10"],
      // A field `Arc<Repo>` is a Repo; a parameter `&Repo`; `&dyn Storage` lands on the trait's method.
      ["src/orders.rs:17", "Service.place", "call", "Repo.save", "src/store/repo.rs:14"],
      ["src/orders.rs:18", "Service.place", "call", "Storage.save", "src/store/repo.rs:2"],
      // `Self::f()` and `self.f()`; a module imported by `use …::{self}` and a path from the crate.
      ["src/orders.rs:19", "Service.place", "call", "Service.audit", "src/orders.rs:32"],
      ["src/orders.rs:20", "Service.place", "call", "Service.audit2", "src/orders.rs:36"],
      ["src/orders.rs:21", "Service.place", "call", "helper", "src/store/repo.rs:21"],
      ["src/orders.rs:22", "Service.place", "call", "helper", "src/store/repo.rs:21"],
      // `let x = Repo::open(…).unwrap()`: `-> Result<Repo, String>` is a Repo.
      ["src/orders.rs:23", "Service.place", "call", "Repo.open", "src/store/repo.rs:10"],
      ["src/orders.rs:24", "Service.place", "call", "Repo.save", "src/store/repo.rs:14"],
      ["src/orders.rs:25", "Service.place", "call", "Repo.open", "src/store/repo.rs:10"],
      // A function passed by path is a reference; `unknown: Vec<u8>` is std's, unknown here: its `save` is a candidate.
      ["src/orders.rs:26", "Service.place", "ref", "Service.audit", "src/orders.rs:32"],
      ["src/orders.rs:28", "Service.place", "call", "save", "-"],
      ["src/orders.rs:37", "Service.audit2", "call", "generic", "src/orders.rs:41"],
      // A generic bound by one trait lands on the trait's method.
      ["src/orders.rs:42", "generic", "call", "Storage.save", "src/store/repo.rs:2"],
      ["src/store/repo.rs:15", "Repo.save", "call", "Repo.check", "src/store/repo.rs:18"],
    ]);
  });
  it("resolves names through use paths, `pub use` re-exports and the crate; globs and an impl in another file stay candidates", async () => {
    expect(await callRows("rust-module-scope")).toEqual([
      // `Item::new` in an impl of From: the caller is named after the type, as an inherent fn is.
      ["src/model/item.rs:27", "Item.from", "call", "Item.new", "src/model/item.rs:8"],
      // `self` in a trait's provided method is the trait.
      ["src/model/mod.rs:11", "Named.shout", "call", "Named.name", "src/model/mod.rs:9"],
      // `Item` through `use crate::model::item::Item`; `name` is its impl of Named's; `shout` is Named's provided method.
      ["src/run.rs:8", "run", "call", "Item.new", "src/model/item.rs:8"],
      ["src/run.rs:9", "run", "call", "Item.name", "src/model/item.rs:14"],
      ["src/run.rs:10", "run", "call", "Named.shout", "src/model/mod.rs:10"],
      // An `impl Item` in another file than Item's, and a name a glob import (`use crate::util::*`) brings: candidates.
      ["src/run.rs:11", "run", "call", "describe", "-"],
      ["src/run.rs:12", "run", "call", "format", "-"],
      // A module imported by `use crate::util`; `crate::` and `super::` paths. A closure named `new`, `String::new` and `len` are no rows.
      ["src/run.rs:13", "run", "call", "format", "src/util.rs:1"],
      ["src/run.rs:18", "run", "call", "top", "src/lib.rs:5"],
      ["src/run.rs:19", "run", "call", "top", "src/lib.rs:5"],
      // Two impls of From declare `Item.from`: which one applies depends on the argument's type, a candidate. A derived
      // `default()` is no call of the field `default`; what it returns is not known, so `default_value` is a candidate.
      ["src/run.rs:20", "run", "call", "from", "-"],
      ["src/run.rs:22", "run", "call", "default_value", "-"],
      // Through `pub use helpers::*;` and `pub use item::Item;` (imported as `Thing`) of model/mod.rs.
      ["src/run.rs:23", "run", "call", "helper", "src/model/helpers.rs:1"],
      ["src/run.rs:24", "run", "call", "Item.new", "src/model/item.rs:8"],
      // `mod tests { use super::*; }` sees the file's items.
      ["src/run.rs:33", "tests.runs", "call", "run", "src/run.rs:7"],
    ]);
  });
});
