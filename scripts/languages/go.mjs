// Go in scripts/eval-languages.mjs: repositories and the symbol oracle, Go's own go/parser.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { mirrored, WORK } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

/** The oracle, built once into the measuring folder. */
function goOracle() {
  const binary = join(WORK, "oracles", "go-symbols");
  if (!existsSync(binary)) {
    mkdirSync(join(WORK, "oracles"), { recursive: true });
    execFileSync("go", ["build", "-o", binary, join(ROOT, "scripts", "oracles", "go_symbols.go")], { stdio: "inherit", env: { ...process.env, GOFLAGS: "", GO111MODULE: "off" } });
  }
  return binary;
}

export default {
  language: "go",
  // Call sites are extracted and linked: sampled and checked by hand (scripts/call-samples/).
  calls: true,
  extensions: [".go"],
  repos: [
    { ...mirrored("gin-gonic/gin", "tuning"), commit: "dcaa4296d111981ffb31ac3eba90bb63e1eb5ab9" },
    { ...mirrored("spf13/cobra", "tuning"), commit: "adbc8813901bba65827259daa8e22ff94ec1f30e" },
    { ...mirrored("gotify/server", "tuning"), commit: "d543a8aad22fcbebf25e76d201b4317882b5e148" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("urfave/cli", "held-out"), commit: "1305a08200f7c4d873e28bd2bbad1ff257c6cfc4" },
    { ...mirrored("spf13/viper", "held-out"), commit: "528f7416c4b56a4948673984b190bf8713f0c3c4" },
  ],
  oracle: (dir) => [goOracle(), [dir]],
  oracleName: () => `${execFileSync("go", ["version"], { encoding: "utf8" }).split(" ")[2] ?? "go"} go/parser (scripts/oracles/go_symbols.go)`,
  scope: "package-level funcs, methods (container: receiver type), types, consts, vars, and the fields and methods of struct and interface types declared there",
};
