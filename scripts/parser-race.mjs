#!/usr/bin/env node
// The TypeScript compiler's parser (what ctx's extractors read) against oxc-parser (a native parser
// from the npm registry, its AST handed to JavaScript), over the same files in one process, each
// file parsed whole into a JavaScript AST. Usage: node scripts/parser-race.mjs <root> <file list> <oxc-parser entry>
// Prints one JSON line: the median milliseconds of 3 rounds for each, and the files parsed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const [root, list, oxcEntry] = process.argv.slice(2);
const ts = createRequire(import.meta.url)("typescript");
const { parseSync } = await import(oxcEntry);
const files = readFileSync(list, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
const kind = (path) => (/\.[cm]?jsx?$/.test(path) ? (path.endsWith("x") ? ts.ScriptKind.JSX : ts.ScriptKind.JS) : path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
const parsers = {
  typescript: ({ path, text }) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind(path)).statements.length,
  oxc: ({ path, text }) => parseSync(path, text).program.body.length,
};
const rounds = { typescript: [], oxc: [] };
const statements = {};
for (let round = 0; round < 3; round += 1) {
  for (const [name, parse] of Object.entries(parsers)) {
    const started = performance.now();
    let count = 0;
    for (const file of files) count += parse(file);
    rounds[name].push(performance.now() - started);
    statements[name] = count;
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[1];
console.log(JSON.stringify({ files: files.length, typescriptMs: median(rounds.typescript), oxcMs: median(rounds.oxc), statements }));
