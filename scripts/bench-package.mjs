#!/usr/bin/env node
// Part of `npm run bench`: ctx as a user installs it — the packed tarball's size, `npm i` of it into an empty project, a cold
// `npx ctx --version` beside `node -e 0`, and a first `npx ctx index` of the 7k-file synthetic corpus from that install beside
// ctags over the same files. Writes BENCHMARKS.md (bench-package).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { SYNTHETIC_CORPORA, WORK, prepareCorpus } from "./corpora.mjs";
import { replaceSection } from "./report.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const RUNS = 15;

function seconds(command, args, cwd) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value, digits = 2) => value.toFixed(digits);

function main() {
  const work = mkdtempSync(join(WORK, "package-"));
  try {
    const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))[0];
    const app = join(work, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "bench-app", version: "1.0.0", private: true }));
    const install = seconds("npm", ["install", "--no-audit", "--no-fund", "-D", join(work, packed.filename)], app);
    const npx = [];
    const node = [];
    for (let run = 0; run < RUNS; run += 1) {
      node.push(seconds("node", ["-e", "0"], app));
      npx.push(seconds("npx", ["--no", "--", "ctx", "--version"], app));
    }
    // The 7k corpus, indexed from this install (no .ai/ yet), beside ctags over the files ctx indexed.
    const corpus = prepareCorpus(SYNTHETIC_CORPORA.find((c) => c.name === "synthetic-7k"));
    rmSync(join(corpus.dir, ".ai"), { recursive: true, force: true });
    const index = seconds(join(app, "node_modules", ".bin", "ctx"), ["index", "--quiet"], corpus.dir);
    const list = join(WORK, "synthetic-7k.files");
    const ctags = seconds("ctags", ["-f", join(work, "tags"), "-L", list], corpus.dir);
    const commit = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const lines = [
      "### Packaging: ctx as a user installs it",
      "",
      `Run of ${new Date().toISOString().slice(0, 10)} (${cpus()[0]?.model ?? "?"}), ctx at ${commit}; command: \`npm run bench\` (scripts/bench-package.mjs). The tarball of \`npm pack\`, installed with \`npm i -D\` into an empty project (dependencies from the registry); medians of ${RUNS} cold runs for \`--version\`.`,
      "",
      "| package | tarball | unpacked | files | npm i -D | npx ctx --version | node -e 0 | ratio | first index of synthetic-7k from the install | ctags, same files | ratio |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      `| ${packed.name}@${packed.version} | ${fmt(packed.size / 1024, 1)} KiB | ${fmt(packed.unpackedSize / 1024, 1)} KiB | ${packed.entryCount} | ${fmt(install)} s | ${fmt(median(npx) * 1000, 0)} ms | ${fmt(median(node) * 1000, 0)} ms | ${fmt(median(npx) / median(node))}× | ${fmt(index)} s | ${fmt(ctags)} s | ${fmt(index / ctags)}× |`,
    ];
    replaceSection(join(ROOT, "BENCHMARKS.md"), "bench-package", lines.join("\n"));
    console.error("bench-package: wrote BENCHMARKS.md");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
