#!/usr/bin/env node
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import process from "node:process";
import { URL, fileURLToPath } from "node:url";

// The lookup commands start from one CommonJS bundle (scripts/bundle-lookup.mjs): on Node 20 that is
// about 15 ms less than loading dist/'s ES modules one by one. The rest, and a build without the bundle, use dist/.
const LOOKUP = new Set(["traverse", "show", "outline", "brief"]);
const bundle = new URL("../dist/lookup/ctx.cjs", import.meta.url);
const { main } = LOOKUP.has(process.argv[2] ?? "") && existsSync(bundle) ? createRequire(import.meta.url)(fileURLToPath(bundle)) : await import("../dist/cli/main.js");

await main();
