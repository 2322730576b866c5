#!/usr/bin/env node
// Part of `npm run build`: the standard library's declaration files that linking reads (the
// collections), summarised once with the compiler ctx ships with, into dist/standard-library.json,
// so that an index run never loads the compiler in its main thread for them.
import { writeFileSync } from "node:fs";
import { STANDARD_LIBRARY_KEYS, readStandardLibrary } from "../dist/io/package-declarations.js";
import { summarizeDeclarations } from "../dist/analysis/summarize-declarations.js";

const summaries = Object.fromEntries(STANDARD_LIBRARY_KEYS.map((key) => [key, summarizeDeclarations(key, readStandardLibrary(key))]));
writeFileSync(new URL("../dist/standard-library.json", import.meta.url), `${JSON.stringify(summaries)}\n`);
