// Rust in scripts/eval-languages.mjs: repositories and the symbol oracle, Rust's own syn parser
// (scripts/oracles/rust-symbols/, built offline against the crates Debian packages).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { mirrored, WORK } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

const CRATE = join(ROOT, "scripts", "oracles", "rust-symbols");
const CARGO = existsSync("/root/.cargo/bin/cargo") ? "/root/.cargo/bin/cargo" : "cargo";

/** The oracle, built once into the measuring folder. */
function rustOracle() {
  const target = join(WORK, "oracles", "rust-symbols");
  const binary = join(target, "release", "rust-symbols");
  if (!existsSync(binary)) execFileSync(CARGO, ["build", "--release", "--offline", "--quiet", "--target-dir", target], { cwd: CRATE, stdio: "inherit" });
  return binary;
}

export default {
  language: "rust",
  extensions: [".rs"],
  calls: true,
  repos: [
    { ...mirrored("LemmyNet/lemmy", "tuning"), commit: "439734dd638a2c06a2f907beab7dcf4646e88f86" },
    { ...mirrored("nushell/nushell", "tuning"), commit: "3e1172d43cabb34afb798dfc9d8724839e18fe85" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("BurntSushi/ripgrep", "held-out"), commit: "3fce3b5bb0236da2df6d99672afb8a719642eca7" },
  ],
  oracle: (dir) => [rustOracle(), [dir]],
  oracleName: () => "syn 1.0.107 (scripts/oracles/rust-symbols/)",
  scope:
    "items at file level, in inline `mod x { … }` (container: the module path, dotted) and in `extern { … }` blocks — fn (function), struct and union (struct), enum, trait, type alias (type), const (constant), static (variable), `mod` (module), `macro_rules!` (function); the fns (method when they take `self` in any form, else function), consts and types of `impl` blocks (container: the implemented type's last path segment without generics or references, `dyn Trait` by its trait; impls of unnamed types such as tuples and slices left out) and of traits (container: the trait); named fields of structs and unions (property) and enum variants (constant); never inside a fn body or a macro invocation, `_` declares nothing; a declaration's line is that of its first attribute, doc comments excluded",
};
