// The agent A/B's tasks: localisation tasks from real commits of a repository, each checked out at
// its parent in its own folder, with the answer kept apart from the checkout.
//
//   node scripts/ab/prepare.mjs <name> <repo.git> <count> <out-dir> <answers-dir> [seed] [earlier-answers.json …]
//
// For each of `count` commits sampled (seed 2026 unless given; commits in earlier runs' answers
// files left out, so a rerun gets tasks whose outcomes were never seen) as the routing eval samples them (eval-routing.mjs
// candidateCommits), writes <out-dir>/<name>/tasks.json — the subjects, which is all an agent is
// given — and <answers-dir>/<name>.json, out of the agents' sight: the source files the commit
// modified and the declarations (from `ctx index` at the parent) whose lines its hunks touch. Each task gets two
// checkouts of the parent, <out-dir>/<name>/<task>/rg and …/ctx; only the ctx one is indexed
// (with ctx init's AGENTS.md section). AB_LANGUAGE (python, go, java, csharp, rust, php, ruby) draws that language's tasks. Nothing of it is ever part of this repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseSymbolIndex } from "../../dist/formats/symbol-index.js";
import { candidateCommits } from "../eval-routing.mjs";
import { random } from "../random.mjs";
import { touchedDeclarations, touchedLines } from "../touched-lines.mjs";

const [name, git, countText, out, answersDir, seedText = "2026", ...earlier] = process.argv.slice(2);
if (!name || !git || !countText || !out || !answersDir) {
  console.error("usage: node scripts/ab/prepare.mjs <name> <repo.git> <count> <out-dir> <answers-dir> [seed] [earlier-answers.json …]");
  process.exit(2);
}
const CTX = join(new URL("../..", import.meta.url).pathname, "bin", "ctx.js");
// Sources by language: a repository's tasks are drawn from commits that modify its own language's files.
const SOURCES = { ts: /\.(?:[cm]?[jt]sx?)$/, python: /\.py$/, go: /\.go$/, java: /\.java$/, csharp: /\.cs$/, rust: /\.rs$/, php: /\.php$/, ruby: /\.(?:rb|rake)$/ };
const language = process.env.AB_LANGUAGE ?? "ts";
const SOURCE = SOURCES[language];
if (!SOURCE) {
  console.error(`AB_LANGUAGE is ${language}: use one of ${Object.keys(SOURCES).join(", ")}`);
  process.exit(2);
}
const TEXT = ["*.py", "*.pyi", "*.go", "go.mod", "go.sum", "*.java", "*.gradle", "*.kts", "*.xml", "*.properties", "*.cs", "*.csproj", "*.props", "*.sln", "*.rs", "Cargo.lock", "*.php", "*.rb", "*.rake", "*.erb", "*.gemspec", "Gemfile", "Gemfile.lock", "*.ru", "*.toml", "*.cfg", "*.ini", "*.txt", "*.ts", "*.tsx", "*.mts", "*.cts", "*.js", "*.jsx", "*.mjs", "*.cjs", "*.json", "*.md", "*.yml", "*.yaml", "*.css", "*.scss", "*.html", "*.prisma", "*.sql", ".gitignore"];
const run = (cwd, command, args) => execFileSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });

const root = join(out, name);
mkdirSync(root, { recursive: true });
const seen = new Set(earlier.flatMap((file) => JSON.parse(readFileSync(file, "utf8")).map((answer) => answer.commit)));
const pool = candidateCommits(git, SOURCE).filter((commit) => !seen.has(commit.hash));
const next = random(Number(seedText));
const taken = new Set();
const count = Math.min(Number(countText), pool.length);
while (taken.size < count) taken.add(Math.floor(next() * pool.length));
const tasks = [];
const answers = [];
for (const [i, index] of [...taken].sort((a, b) => a - b).entries()) {
  const commit = pool[index];
  const id = `t${String(i + 1).padStart(2, "0")}`;
  for (const arm of ["rg", "ctx"]) {
    const dir = join(root, id, arm);
    run(".", "git", ["clone", "-q", "--no-checkout", git, dir]);
    // Text files only: stored snapshots can lack large binaries, which a full checkout would need.
    run(dir, "git", ["sparse-checkout", "set", "--no-cone", ...TEXT]);
    run(dir, "git", ["checkout", "-q", commit.parent]);
  }
  const ctxDir = join(root, id, "ctx");
  run(ctxDir, "node", [CTX, "init"]);
  run(ctxDir, "node", [CTX, "index", "-q"]);
  const symbols = parseSymbolIndex(readFileSync(join(ctxDir, ".ai/symbol_index.md"), "utf8"));
  const files = commit.changed.filter((path) => SOURCE.test(path) && !/\.d\.ts$/.test(path));
  const declarations = [];
  for (const path of files) {
    const rows = symbols.filter((row) => row.path === path);
    for (const touched of touchedDeclarations(rows, touchedLines(git, commit.parent, commit.hash, path))) declarations.push(`${path}:${touched.slice(0, touched.lastIndexOf("@"))}`);
  }
  tasks.push({ id, task: commit.subject });
  answers.push({ id, commit: commit.hash, parent: commit.parent, files, declarations: [...new Set(declarations)] });
  console.error(`${id}: ${commit.subject}`);
}
writeFileSync(join(root, "tasks.json"), `${JSON.stringify(tasks, null, 1)}\n`);
mkdirSync(answersDir, { recursive: true });
writeFileSync(join(answersDir, `${name}.json`), `${JSON.stringify(answers, null, 1)}\n`);
