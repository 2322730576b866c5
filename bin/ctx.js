#!/usr/bin/env node
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import process from "node:process";
import { URL, fileURLToPath } from "node:url";

// The lookup commands and the index (the pre-commit hook's) start from one CommonJS bundle
// (scripts/bundle-lookup.mjs): on Node 20 that is 15–20 ms less than loading dist/'s ES modules one by
// one. The rest, and a build without the bundle, use dist/.
const BUNDLED = new Set(["traverse", "show", "outline", "brief", "index", "hook"]);
const bundle = new URL("../dist/lookup/ctx.cjs", import.meta.url);
// Built after dist/ (`npm run build`); one older than dist/ (a bare `tsc` since) would run code that is no longer there.
const builtAfter = (file, than) => (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1) >= (statSync(than, { throwIfNoEntry: false })?.mtimeMs ?? Infinity);
const useBundle = BUNDLED.has(process.argv[2] ?? "") && builtAfter(bundle, new URL("../dist/cli/main.js", import.meta.url));
const { main } = useBundle ? createRequire(import.meta.url)(fileURLToPath(bundle)) : await import("../dist/cli/main.js");

await main();
