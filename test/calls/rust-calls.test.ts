import { describe, expect, it } from "vitest";
import { callRows } from "../helpers/fixture.js";

describe("call_index.md for Rust", () => {
  it("types receivers by self, fields, parameters, lets, declared returns and trait bounds", async () => {
    expect(await callRows("rust-typed-receivers")).toEqual([
      ["src/orders.rs:11", "Service.new", "call", "Repo.open", "src/store/repo.rs:10"],
      // A field `Arc<Repo>` is a Repo (`use std::sync::Arc` is std's); a parameter `&Repo`; `&dyn Storage` lands on the trait's method.
      ["src/orders.rs:16", "Service.place", "call", "Repo.save", "src/store/repo.rs:14"],
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
  it("reaches inline modules' items by their paths; what no path reaches is a candidate, never outside", async () => {
    expect(await callRows("rust-inline-modules")).toEqual([
      // A path from the crate root, written in a file outside every crate root's folder: not walked, a candidate.
      ["other/tool.rs:2", "tool", "call", "f", "-"],
      // Calls in the arguments of std's macros (`write!`, `assert_eq!`, `println!`, `vec!`) are sites; `custom!`'s tokens are not.
      ["src/bodies.rs:28", "Wrapper.fmt", "call", "helper", "src/bodies.rs:50"],
      // A fn declared in a body: its calls are the enclosing fn's, and it shadows `use crate::ext::make` (a candidate, not ext.rs's).
      ["src/bodies.rs:34", "bodies", "call", "helper", "src/bodies.rs:50"],
      ["src/bodies.rs:36", "bodies", "call", "make", "-"],
      // A block's `use` (`use crate::inner::f as run_f;`); a module imported by `use crate::inner` then a type's fn.
      ["src/bodies.rs:39", "bodies", "call", "inner.f", "src/lib.rs:9"],
      ["src/bodies.rs:41", "bodies", "call", "inner.Thing.make", "src/lib.rs:12"],
      ["src/bodies.rs:42", "bodies", "call", "helper", "src/bodies.rs:50"],
      ["src/bodies.rs:42", "bodies", "call", "make", "-"],
      ["src/bodies.rs:43", "bodies", "call", "inner.deeper.g", "src/lib.rs:21"],
      // Through `Deref` (Wrapper's target) and a crate's generic (`Data<Inner>`): candidates; `Arc<Inner>` of std is an Inner.
      ["src/bodies.rs:45", "bodies", "call", "poke", "-"],
      ["src/bodies.rs:46", "bodies", "call", "Inner.poke", "src/bodies.rs:12"],
      ["src/bodies.rs:47", "bodies", "call", "poke", "-"],
      // A module in an inline module: its calls are candidates.
      ["src/bodies.rs:57", "outer.nested.deep", "call", "top", "-"],
      // `use crate::inner::f;`, `use crate::inner::deeper;`, `use crate::inner;`, a path through nested inline modules.
      ["src/caller.rs:7", "call", "call", "inner.f", "src/lib.rs:9"],
      ["src/caller.rs:8", "call", "call", "inner.deeper.g", "src/lib.rs:21"],
      ["src/caller.rs:9", "call", "call", "inner.f", "src/lib.rs:9"],
      ["src/caller.rs:10", "call", "call", "inner.deeper.g", "src/lib.rs:21"],
      ["src/caller.rs:11", "call", "call", "inner.Thing.make", "src/lib.rs:12"],
      // `crate::missing::lost()`: no module `missing`; a candidate since a `lost` is declared.
      ["src/caller.rs:12", "call", "call", "lost", "-"],
      // A trait's fn implemented for std's PathBuf: a candidate, as C#'s extension methods are.
      ["src/ext.rs:14", "tidy_path", "call", "tidy", "-"],
      // `use crate::inner::*;` may bring `deeper` and `Error`: candidates (`Vec::new()` is the prelude's, no row).
      ["src/globs.rs:4", "through_glob", "call", "g", "-"],
      ["src/globs.rs:5", "through_glob", "call", "raise", "-"],
      // In the file declaring the module: `inner::f`, `self::inner::f`, `crate::inner::f`, nested, a type's fn, `use inner::deeper::g`.
      ["src/lib.rs:26", "top", "call", "inner.f", "src/lib.rs:9"],
      ["src/lib.rs:27", "top", "call", "inner.f", "src/lib.rs:9"],
      ["src/lib.rs:28", "top", "call", "inner.f", "src/lib.rs:9"],
      ["src/lib.rs:29", "top", "call", "inner.deeper.g", "src/lib.rs:21"],
      ["src/lib.rs:30", "top", "call", "inner.Thing.make", "src/lib.rs:12"],
      ["src/lib.rs:31", "top", "call", "inner.deeper.g", "src/lib.rs:21"],
    ]);
  });
});
