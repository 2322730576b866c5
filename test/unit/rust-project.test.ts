import { describe, expect, it } from "vitest";
import { extractRustImports } from "../../src/analysis/rust/extract-imports.js";
import { grammarLoading, parseTree } from "../../src/analysis/tree-sitter.js";
import { readCargoManifest } from "../../src/analysis/rust/read-cargo-manifest.js";
import { RUST_PROJECT } from "../../src/analysis/rust/rust-project.js";

const WORKSPACE = '[workspace]\nmembers = ["crates/*", "app"]\nresolver = "2"\n\n[workspace.dependencies]\nserde = "1"\n';
const CORE = '[package]\nname = "shop-core"\nversion = "0.1.0"\n\n[dependencies]\nserde = { workspace = true }\n';
const WEB = "# the web server\n[package]\nname = 'shop-web' # quoted by hand\nedition = \"2021\"\n\n[lib]\nname = \"web\"\npath = \"lib/web.rs\"\n\n[[bin]]\nname = \"serve\"\npath = \"src/main.rs\"\n";
const APP = '[package]\nname = "app"\n\n[[test]]\nname = "suite"\npath = "tests/main.rs"\nharness = false\n';

const PATHS = [
  "crates/core/src/lib.rs",
  "crates/core/src/order.rs",
  "crates/core/src/order/line.rs",
  "crates/core/src/store/mod.rs",
  "crates/core/src/store/memory.rs",
  "crates/core/src/bin/import.rs",
  "crates/core/src/bin/export/main.rs",
  "crates/core/src/bin/export/csv.rs",
  "crates/core/tests/orders.rs",
  "crates/core/tests/common/mod.rs",
  "crates/web/lib/web.rs",
  "crates/web/lib/routes.rs",
  "crates/web/src/main.rs",
  "app/src/main.rs",
  "app/src/cli.rs",
  "app/src/cli/args.rs",
  "app/tests/main.rs",
  "app/tests/repl/mod.rs",
  "app/tests/repl/alias.rs",
  "tools/gen/src/main.rs",
  "tools/gen/src/emit.rs",
];
const BUILD_FILES = [
  { path: "Cargo.toml", text: WORKSPACE },
  { path: "crates/core/Cargo.toml", text: CORE },
  { path: "crates/web/Cargo.toml", text: WEB },
  { path: "app/Cargo.toml", text: APP },
];

describe("Cargo manifests", () => {
  it("reads the package's name and the library's name and root, and only those tables'", () => {
    expect(readCargoManifest(CORE)).toEqual({ name: "shop-core", targets: [] });
    expect(readCargoManifest(WEB)).toEqual({ name: "shop-web", libName: "web", libPath: "lib/web.rs", targets: ["src/main.rs"] });
    expect(readCargoManifest(APP)).toEqual({ name: "app", targets: ["tests/main.rs"] });
    expect(readCargoManifest(WORKSPACE)).toEqual({ targets: [] });
  });

  it("reads a malformed manifest without throwing, keeping what it can", () => {
    expect(readCargoManifest('[package\nname = "broken"\n')).toEqual({ targets: [] });
    expect(readCargoManifest('[package]\nname = "unterminated\n')).toEqual({ targets: [] });
    expect(readCargoManifest("\u0000\u0001[[[]]]\n=\n")).toEqual({ targets: [] });
    expect(readCargoManifest('[package]\nname = "ok"\n[lib\npath = "x.rs"\n')).toEqual({ name: "ok", targets: [] });
  });

  it("names the build files it reads", () => {
    expect(RUST_PROJECT.buildFile.test("Cargo.toml")).toBe(true);
    expect(RUST_PROJECT.buildFile.test("crates/core/Cargo.toml")).toBe(true);
    expect(RUST_PROJECT.buildFile.test("Cargo.lock")).toBe(false);
    expect(RUST_PROJECT.buildFile.test("crates/MyCargo.toml")).toBe(false);
  });
});

describe("Rust workspace crates as modules", () => {
  it("lists each package in a subfolder by its package name, its roots as entries", () => {
    expect(RUST_PROJECT.packages(BUILD_FILES, PATHS)).toEqual([
      { name: "app", dir: "app", entryHints: ["app/src/main.rs"] },
      { name: "shop-core", dir: "crates/core", entryHints: ["crates/core/src/lib.rs"] },
      { name: "shop-web", dir: "crates/web", entryHints: ["crates/web/lib/web.rs", "crates/web/src/main.rs"] },
    ]);
  });

  it("has no module for a single crate at the root, and skips manifests it cannot read", () => {
    expect(RUST_PROJECT.packages([{ path: "Cargo.toml", text: APP }], ["src/main.rs"])).toEqual([]);
    expect(RUST_PROJECT.packages([{ path: "a/Cargo.toml", text: "[package\nname = 1" }, { path: "b/Cargo.toml", text: "" }], ["a/src/lib.rs"])).toEqual([]);
  });
});

describe("Rust use paths to module files", () => {
  const resolve = RUST_PROJECT.resolver(PATHS, BUILD_FILES);

  it("walks `crate::` from the crate root through a.rs and a/mod.rs, stopping at the deepest module file", () => {
    expect(resolve("crates/core/src/store/memory.rs", "crate::order::line::Line")).toBe("crates/core/src/order/line.rs");
    expect(resolve("crates/core/src/store/memory.rs", "crate::order::Order")).toBe("crates/core/src/order.rs");
    expect(resolve("crates/core/src/order.rs", "crate::store::Store")).toBe("crates/core/src/store/mod.rs");
    expect(resolve("crates/core/src/order.rs", "crate::store::*")).toBe("crates/core/src/store/mod.rs");
    expect(resolve("crates/core/src/order.rs", "crate::Config")).toBe("crates/core/src/lib.rs");
    // A binary is a crate root of its own.
    expect(resolve("crates/core/src/bin/export/csv.rs", "crate::Args")).toBe("crates/core/src/bin/export/main.rs");
  });

  it("walks `self::` and `super::` from the importer's module: mod.rs and roots own their folder, a.rs owns a/", () => {
    expect(resolve("crates/core/src/lib.rs", "self::order")).toBe("crates/core/src/order.rs");
    expect(resolve("crates/core/src/order.rs", "self::line")).toBe("crates/core/src/order/line.rs");
    expect(resolve("crates/core/src/store/mod.rs", "self::memory::Memory")).toBe("crates/core/src/store/memory.rs");
    expect(resolve("crates/core/src/order/line.rs", "super::Order")).toBe("crates/core/src/order.rs");
    expect(resolve("crates/core/src/order/line.rs", "super::super::store::Store")).toBe("crates/core/src/store/mod.rs");
    expect(resolve("crates/core/src/store/memory.rs", "super::super::Config")).toBe("crates/core/src/lib.rs");
    expect(resolve("crates/core/src/bin/export/csv.rs", "super::run")).toBe("crates/core/src/bin/export/main.rs");
    expect(resolve("crates/core/src/lib.rs", "super::x")).toBeNull();
    expect(resolve("crates/core/tests/orders.rs", "self::common")).toBe("crates/core/tests/common/mod.rs");
    // A `[[test]]` target's root owns its folder: `crate::` from a module under it starts there.
    expect(resolve("app/tests/repl/alias.rs", "crate::repl::run")).toBe("app/tests/repl/mod.rs");
    expect(resolve("app/tests/repl/alias.rs", "super::run")).toBe("app/tests/repl/mod.rs");
    expect(resolve("app/tests/repl/mod.rs", "super::helpers")).toBe("app/tests/main.rs");
  });

  it("names a child module before any crate, and a workspace crate by its name with underscores", () => {
    expect(resolve("app/src/main.rs", "cli::args::Args")).toBe("app/src/cli/args.rs");
    expect(resolve("app/src/cli.rs", "args::Args")).toBe("app/src/cli/args.rs");
    expect(resolve("app/src/main.rs", "shop_core::order::line::Line")).toBe("crates/core/src/order/line.rs");
    expect(resolve("crates/core/tests/orders.rs", "shop_core::Config")).toBe("crates/core/src/lib.rs");
    // `[lib] name` renames the crate, `[lib] path` moves its root.
    expect(resolve("app/src/main.rs", "web::routes::index")).toBe("crates/web/lib/routes.rs");
    expect(resolve("app/src/main.rs", "shop_web::routes")).toBeNull();
    expect(resolve("app/src/main.rs", "r#web::routes")).toBe("crates/web/lib/routes.rs");
  });

  it("leaves std and crates.io crates outside the repository", () => {
    expect(resolve("app/src/main.rs", "std::collections::HashMap")).toBeNull();
    expect(resolve("app/src/main.rs", "serde::Deserialize")).toBeNull();
    expect(resolve("app/src/main.rs", "crate::missing::Thing")).toBe("app/src/main.rs");
  });

  it("finds a crate's root by its src/ folder when no manifest names it", () => {
    expect(resolve("tools/gen/src/main.rs", "crate::emit::write")).toBe("tools/gen/src/emit.rs");
    expect(resolve("tools/gen/src/emit.rs", "super::Options")).toBe("tools/gen/src/main.rs");
  });

  it("survives manifests that are not TOML", () => {
    const hostile = RUST_PROJECT.resolver(PATHS, [{ path: "Cargo.toml", text: "[[[\n\u0000" }, { path: "app/Cargo.toml", text: "name = = =" }]);
    expect(hostile("app/src/main.rs", "cli::Args")).toBe("app/src/cli.rs");
    expect(hostile("app/src/main.rs", "shop_core::Config")).toBeNull();
  });
});

describe("Rust imports as written", () => {
  it("gives one path per leaf of each use tree, `mod x;` as self::x and `extern crate x;` as x, in order, once each", async () => {
    await grammarLoading("rust");
    const source = [
      "extern crate serde;",
      "use std::collections::{HashMap, hash_map::Entry as E, btree_map::*};",
      "pub use crate::{order::{self, Line}, Config};",
      "use ::log::info;",
      "use super::super::store;",
      "mod routes;",
      "use std::collections::HashMap;",
      "fn run() { use self::routes::serve; }",
      "#[cfg(test)]",
      "mod tests {",
      "    use super::*;",
      "    mod fixtures;",
      "    mod deeper { use super::super::Config; use super::super::super::up; }",
      "}",
    ].join("\n");
    const tree = parseTree("rust", source);
    try {
      expect(extractRustImports(tree.rootNode)).toEqual([
        "serde",
        "std::collections::HashMap",
        "std::collections::hash_map::Entry",
        "std::collections::btree_map::*",
        "crate::order",
        "crate::order::Line",
        "crate::Config",
        "log::info",
        "super::super::store",
        "self::routes",
        "self::routes::serve",
        // Inside `mod tests`, paths are rewritten from the file's module.
        "self::*",
        "self::tests::fixtures",
        "self::Config",
        "super::up",
      ]);
    } finally {
      tree.delete();
    }
  });
});
