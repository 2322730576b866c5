// The lookup path as one CommonJS bundle (dist/lookup/ctx.cjs, and the chunks it loads on demand):
// `ctx traverse`, `show`, `outline` and `brief` start in about 80 ms where the ES modules of dist/
// take about 95 (measured in BENCHMARKS.md): Node 20 resolves, reads and links each ES module on its
// own, and has no compile cache. bin/ctx.js runs these commands, `index` and `hook` (a commit's)
// from the bundle when it is there; everything else (mcp, init, …) from dist/. Packages stay outside
// it, loaded when used; the parsing workers are dist/io's.
// Written beside dist/io so that the paths the code takes from its own location (package.json,
// the analysis stamps, templates) resolve as they do from dist/.
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}dist/lookup`;
await rm(out, { recursive: true, force: true });
await build({
  input: { ctx: `${root}dist/cli/main.js` },
  platform: "node",
  // Bare specifiers are packages (and node: built-ins): required from node_modules when a command needs them.
  external: (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0"),
  output: { dir: out, format: "cjs", entryFileNames: "[name].cjs", chunkFileNames: "[name]-[hash].cjs", exports: "named" },
  logLevel: "warn",
  // A module some commands load lazily and others eagerly stays in one chunk: nothing to warn about.
  checks: { ineffectiveDynamicImport: false },
});
