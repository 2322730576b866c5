// Java in scripts/eval-languages.mjs: repositories and the symbol oracle, javac's own parser (its tree API).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mirrored } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

/** The JDK that runs the oracle: $JAVA_HOME's when set (a newer javac parses newer syntax), else `java` on PATH. */
const JAVA = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";
// The oracle reads two flags of javac's tree (an enum constant, a record component) that its public API does not show.
const EXPORTS = ["tree", "code"].flatMap((name) => ["--add-exports", `jdk.compiler/com.sun.tools.javac.${name}=ALL-UNNAMED`]);

export default {
  language: "java",
  extensions: [".java"],
  calls: true,
  repos: [
    { ...mirrored("halo-dev/halo", "tuning"), commit: "38f52f29bfbe236fac2209dc21be40673d558d80" },
    { ...mirrored("macrozheng/mall", "tuning"), commit: "74eebe067d4f17b2d0b61691bef2748e3a7daf80" },
    { ...mirrored("google/gson", "tuning"), commit: "9835b6f90192f79cdf5300c528fc6212455fb6c1" },
    // Held out until its call misses were read to change a rule (issue 41): now tuning.
    { ...mirrored("apache/commons-lang", "tuning"), commit: "d15939ef46f0bd4144994df8be95cf5a7f91eb52" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("jhy/jsoup", "held-out"), commit: "46b620860af930eedc193a705eaf7cea5aec89a6" },
  ],
  oracle: (dir) => [JAVA, [...EXPORTS, join(ROOT, "scripts", "oracles", "JavaSymbols.java"), dir]],
  oracleName: () => `javac ${/version "([^"]+)"/.exec(spawnSync(JAVA, ["-version"], { encoding: "utf8" }).stderr ?? "")?.[1] ?? ""} tree API, parse only (scripts/oracles/JavaSymbols.java)`,
  scope:
    "classes, interfaces, annotation types (kind interface), enums and records at top level and nested in one another, never local or anonymous (nor an enum constant's body); " +
    "their fields, one row per declarator (`static final`, or any field of an interface or annotation type: constant; else property), methods, constructors (compact ones too, named after the type), " +
    "enum constants (constant), record components (property) and annotation type elements (method); container: the enclosing types, dotted; line: the first annotation or modifier, javadoc excluded",
};
