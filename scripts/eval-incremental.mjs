#!/usr/bin/env node
// An incremental `ctx index` must write what a full index of the same tree writes: a stale row is
// the one unforgivable bug, and an incremental run relinks only the files it plans to. This replays
// each fetched repository's last COMMITS first-parent commits (their real edits: files added,
// deleted, renamed, declarations moved), running `ctx index` after each on the tree it left, and
// compares every index file byte for byte with a full index of the same tree built from nothing
// (but for the line naming the HEAD it was built at). Reports how many files each run relinked.
// Writes BENCHMARKS.md (eval-incremental). Usage: node scripts/eval-incremental.mjs [commits]
// Repositories: CTX_INCREMENTAL_REPOS=name=/git/dir,… (default: tuning mirrors fetched here).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { WORK, checkoutFetched, fetchedRepos, mirrored } from "./corpora.mjs";
import { replaceSection } from "./report.mjs";
import { KEPT as LANGUAGES_KEPT } from "./eval-languages.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CTX = join(ROOT, "bin", "ctx.js");
const COMMITS = Number(process.argv[2] ?? 12);
// TypeScript and JavaScript with their configuration, and every tree-sitter language's sources and build files.
const KEPT = { test: (path) => /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) || LANGUAGES_KEPT.test(path) };
const REPOS = fetchedRepos("CTX_INCREMENTAL_REPOS", [mirrored("medusajs/medusa", "tuning"), mirrored("vendure-ecommerce/vendure", "tuning"), mirrored("outline/outline", "tuning")]);
const ENV = { ...process.env, NO_COLOR: "1", GIT_AUTHOR_NAME: "eval", GIT_AUTHOR_EMAIL: "eval@localhost", GIT_COMMITTER_NAME: "eval", GIT_COMMITTER_EMAIL: "eval@localhost" };

const run = (command, args, cwd, input) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: ENV, maxBuffer: 1 << 30, input });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}: ${result.stderr}`);
  return result.stdout;
};

/** Every file under .ai/ that ctx writes as the index (not its caches), relative to .ai/. */
function indexFiles(dir) {
  const found = [];
  const walk = (folder) => {
    for (const name of readdirSync(join(dir, ".ai", folder))) {
      const path = folder ? `${folder}/${name}` : name;
      if (name.startsWith(".")) continue;
      if (statSync(join(dir, ".ai", path)).isDirectory()) walk(path);
      else found.push(path);
    }
  };
  walk("");
  return found.filter((path) => /^(symbol_index|call_index|endpoint_index|file_index)|^domain-manifest\.yaml$/.test(path)).sort();
}

/** The index files that differ between two trees' .ai/, the line naming the HEAD aside. */
function differing(a, b) {
  const text = (dir, path) => readFileSync(join(dir, ".ai", path), "utf8").replace(/^(<!-- ctx:index schema=\S+) head=\S+/m, "$1");
  const left = indexFiles(a);
  const right = indexFiles(b);
  const all = [...new Set([...left, ...right])].sort();
  return all.filter((path) => !left.includes(path) || !right.includes(path) || text(a, path) !== text(b, path));
}

/** Brings `dir` from the tree of `from` to that of `to`: the kept files each commit adds, changes or deletes. */
function applyCommit(gitDir, dir, from, to) {
  const changes = execFileSync("git", ["--git-dir", gitDir, "diff", "--no-renames", "--name-status", "-z", from, to], { encoding: "utf8", maxBuffer: 1 << 28 }).split("\0");
  const written = [];
  for (let i = 0; i + 1 < changes.length; i += 2) {
    const [status, path] = [changes[i], changes[i + 1]];
    if (!KEPT.test(path)) continue;
    if (status === "D") rmSync(join(dir, path), { force: true });
    else written.push(path);
  }
  for (const path of written) {
    const blob = spawnSync("git", ["--git-dir", gitDir, "cat-file", "blob", `${to}:${path}`], { maxBuffer: 1 << 30 });
    // A blob the mirror lacks (large, partial clone) is left out, as checkoutFetched leaves it.
    if (blob.status !== 0) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), blob.stdout);
  }
  run("git", ["add", "-A"], dir);
  run("git", ["commit", "-q", "--allow-empty", "--no-verify", "-m", to.slice(0, 10)], dir);
  return { changed: written.length + changes.filter((c, i) => i % 2 === 0 && c === "D").length };
}

const results = [];
for (const repo of REPOS) {
  const commits = execFileSync("git", ["--git-dir", repo.git, "rev-list", "--first-parent", `--max-count=${COMMITS + 1}`, "HEAD"], { encoding: "utf8" }).trim().split("\n").reverse();
  const dir = join(WORK, "eval-incremental", repo.name.replace("/", "+"));
  rmSync(dir, { recursive: true, force: true });
  checkoutFetched(repo.git, commits[0], dir, KEPT);
  writeFileSync(join(dir, ".git", "info", "exclude"), ".ai/\n");
  run("node", [CTX, "index", "--quiet"], dir);
  for (let i = 1; i < commits.length; i += 1) {
    const { changed } = applyCommit(repo.git, dir, commits[i - 1], commits[i]);
    const started = process.hrtime.bigint();
    const summary = JSON.parse(run("node", [CTX, "index", "--json"], dir));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const full = join(WORK, "eval-incremental", "full");
    rmSync(full, { recursive: true, force: true });
    run("git", ["clone", "-q", dir, full], WORK);
    run("node", [CTX, "index", "--quiet"], full);
    const differ = differing(dir, full);
    rmSync(full, { recursive: true, force: true });
    const row = { repo: repo.name, commit: commits[i].slice(0, 10), changed, parsed: summary.parsed, dropped: summary.dropped, relinked: summary.relinked, files: summary.files, ms: Math.round(ms), differ };
    results.push(row);
    console.error(`eval-incremental: ${repo.name} ${row.commit}: ${changed} files changed, ${row.parsed} parsed, ${row.dropped} dropped, ${row.relinked} of ${row.files} relinked, ${row.ms} ms, ${differ.length === 0 ? "equal to a full index" : `DIFFERS: ${differ.join(", ")}`}`);
  }
}

const wrong = results.filter((r) => r.differ.length > 0);
const text = [
  `Run of ${new Date().toISOString().slice(0, 10)} on this machine, ctx at ${execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim()}. Command: \`node scripts/eval-incremental.mjs ${COMMITS}\`. Each repository's last ${COMMITS} first-parent commits replayed on one tree, \`ctx index\` after each, every index file compared with a full index of the same tree built from nothing:`,
  "",
  "| repository | commit | files changed | parsed | dropped | relinked | index | equals a full index |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ...results.map((r) => `| ${r.repo} | ${r.commit} | ${r.changed} | ${r.parsed} | ${r.dropped} | ${r.relinked} of ${r.files} | ${r.ms} ms | ${r.differ.length === 0 ? "yes" : `**no**: ${r.differ.join(", ")}`} |`),
  "",
  `Incremental runs equal to a full index: **${results.length - wrong.length} of ${results.length}**.`,
].join("\n");
replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-incremental", `### Incremental index against a full one, over real commits\n\n${text}`);
console.error("eval-incremental: wrote BENCHMARKS.md");
if (wrong.length > 0) process.exitCode = 1;
