// C# in scripts/eval-languages.mjs: repositories and the scope of its symbols. No C# parser with a
// syntax-tree API is packaged for Debian (mono-mcs compiles, it exposes no tree), so there is no
// oracle: ctx's rows are counted here, and scripts/oracles/csharp-sample.mjs samples files whose
// declarations were written by hand, from reading each file whole, into scripts/symbol-samples/csharp.tsv.
import { join } from "node:path";
import { mirrored } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

export default {
  language: "csharp",
  extensions: [".cs"],
  repos: [
    { ...mirrored("dotnet/eShop", "tuning"), commit: "5624ad564d1602a927879df32a79b94522eb6101" },
    { ...mirrored("bitwarden/server", "tuning"), commit: "ac309aa19ed351406a56032d5f26a7a9a99f4abd" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("jasontaylordev/CleanArchitecture", "held-out"), commit: "10f1a45df0d86bb87b083f3a0e249d755093fbbd" },
  ],
  oracle: undefined,
  calls: true,
  // Ten files per repository, read whole by hand (scripts/languages/hand-checked.mjs).
  handChecked: { tsv: join(ROOT, "scripts", "symbol-samples", "csharp.tsv"), files: 10 },
  oracleName: () => "a hand-checked sample (scripts/oracles/csharp-sample.mjs, scripts/symbol-samples/csharp.tsv)",
  scope:
    "classes, structs, interfaces, enums, records (`record`, `record class`, `record struct`) and delegates (kind type) at namespace level (block or file-scoped; a namespace is no container) and nested in types; " +
    "their methods, constructors (named after the type, static ones included), properties, fields (`const` → constant), events and indexers (named `this`), all kind property; enum members (constant); " +
    "a record's positional parameters (the public properties it generates, on the parameter's line); declarations in every `#if` branch; " +
    "never finalizers, operators, conversion operators, local functions or anything inside a body, and top-level statements declare nothing; " +
    "C# 14 `extension(T x) { … }` blocks' methods belong to the enclosing static class; " +
    "container: the enclosing types, dotted; line: the first attribute, XML doc comments excluded (a field declaring several variables gives each a row on the declaration's line); " +
    "an explicit interface implementation is named by its member name (`IOrder.Describe` → Describe)",
};
