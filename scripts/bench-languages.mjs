// Index time for the tree-sitter languages (issues 26 and 41), side by side with universal-ctags on the same files, in
// one run: `ctx index` with no .ai/ and no cache, then `ctags -L <the files ctx indexed>`, three
// times each, interleaved; the figure is the ratio of the medians, and the time per file.
// Corpora are fetched repositories checked out at pinned commits (those of scripts/eval-languages.mjs);
// one not fetched here is skipped. Writes BENCHMARKS.md (bench-languages).
import { execFileSync } from "node:child_process";
import { rmSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { WORK, checkoutFetched, fetchedRepos } from "./corpora.mjs";
import { KEPT, LANGUAGE_REPOS } from "./eval-languages.mjs";
import { indexText } from "./index-text.mjs";
import { replaceSection } from "./report.mjs";
import { median, timed, wallSeconds } from "./timed.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CTX = join(ROOT, "bin", "ctx.js");
const RUNS = 3;

function benchRepo(repo) {
  const dir = join(WORK, "bench-languages", repo.name.replace("/", "+"));
  checkoutFetched(repo.git, repo.commit, dir, KEPT);
  // Warm-up (file system cache), and the files ctx indexes, which ctags then gets too.
  rmSync(join(dir, ".ai"), { recursive: true, force: true });
  timed("node", [CTX, "index", "--quiet"], dir);
  const files = indexText(dir, "file_index.md")
    .split("\n")
    .filter((line) => /^\| .+ \| [0-9a-f]{64} \|/.test(line))
    .map((line) => line.slice(2).split(" | ")[0]);
  const list = join(WORK, `${repo.name.replace("/", "+")}.files`);
  writeFileSync(list, `${files.join("\n")}\n`);
  // Summed in this process: a command line naming thousands of files exceeds what the kernel passes to a shell.
  const bytes = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
  const full = [];
  const ctags = [];
  for (let run = 0; run < RUNS; run += 1) {
    rmSync(join(dir, ".ai"), { recursive: true, force: true });
    full.push(wallSeconds("node", [CTX, "index", "--quiet"], dir));
    ctags.push(wallSeconds("ctags", ["-f", join(WORK, "tags"), "-L", list], dir));
  }
  // Peak memory from one more run under GNU time.
  rmSync(join(dir, ".ai"), { recursive: true, force: true });
  const measured = timed("node", [CTX, "index", "--quiet"], dir);
  if (measured.code !== 0) throw new Error(`ctx index failed in ${dir}`);
  const peakKib = measured.kib;
  return { name: repo.name, language: repo.language, files: files.length, bytes, fullSeconds: median(full), ctagsSeconds: median(ctags), peakMib: peakKib / 1024 };
}

const fmt = (value, digits = 2) => value.toFixed(digits);

export function languagesBenchReport(results, { commit }) {
  return [
    `Run of ${new Date().toISOString().slice(0, 10)} on this machine (${cpus()[0]?.model ?? "?"}, ${cpus().length} cores), ctx at ${commit}; ${execFileSync("ctags", ["--version"], { encoding: "utf8" }).split("\n")[0]}. Command: \`node scripts/bench-languages.mjs\` (part of \`npm run bench\`).`,
    `Full index (no .ai/, no cache: parsing with the tree-sitter WebAssembly grammars, calls linked, routes joined, every index file written) against`,
    `\`ctags -L\` over exactly the files ctx indexed; medians of ${RUNS} interleaved runs (wall clock), peak RSS from one more run. ctags writes tags only:`,
    "no calls, routes or modules; ctx's time includes Node's start-up and loading the parsers, which small repositories do not amortise.",
    "",
    "| repository | language | files | KiB | full index | per file | ctags | per file | full / ctags | peak RSS |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.language} | ${r.files} | ${fmt(r.bytes / 1024, 0)} | ${fmt(r.fullSeconds)} s | ${fmt((1000 * r.fullSeconds) / r.files)} ms | ${fmt(r.ctagsSeconds, 3)} s | ${fmt((1000 * r.ctagsSeconds) / r.files, 3)} ms | ${fmt(r.fullSeconds / r.ctagsSeconds, 1)}× | ${fmt(r.peakMib, 0)} MiB |`,
    ),
    "",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repos = fetchedRepos("CTX_BENCH_LANGUAGE_REPOS", LANGUAGE_REPOS).map((repo) => ({ ...repo, ...LANGUAGE_REPOS.find((known) => known.name === repo.name) }));
  if (repos.length === 0) {
    console.error("bench: tree-sitter languages skipped (none of their repositories is fetched here); the section is left as it was");
  } else {
    const results = repos.map((repo) => {
      console.error(`bench: ${repo.language} ${repo.name}`);
      const result = benchRepo(repo);
      console.error(JSON.stringify(result));
      return result;
    });
    const commit = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    replaceSection(join(ROOT, "BENCHMARKS.md"), "bench-languages", languagesBenchReport(results, { commit }));
  }
}
