// Issue 21's last check: on tasks from this repository's own history, is brief's first file one the
// commit changed, and its declaration one the commit's hunks touch? The most recent `count`
// commits the routing eval would take (eval-routing.mjs candidateCommits: 1–5 source files
// modified, no chore/docs/test subjects), each checked out at its parent in a temp folder, indexed,
// and briefed with its subject. Nothing is tuned from it; it prints what it finds.
//
//   node scripts/own-history.mjs [count]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSymbolIndex } from "../dist/formats/symbol-index.js";
import { candidateCommits } from "./eval-routing.mjs";
import { touchedDeclarations, touchedLines } from "./touched-lines.mjs";
import { indexText } from "./index-text.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CTX = join(ROOT, "bin", "ctx.js");
const count = Number(process.argv[2] ?? 10);
const git = execFileSync("git", ["rev-parse", "--absolute-git-dir"], { cwd: ROOT, encoding: "utf8" }).trim();
const run = (cwd, command, args) => execFileSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });

const rows = [];
const work = mkdtempSync(join(tmpdir(), "ctx-own-history-"));
try {
  for (const commit of candidateCommits(git).slice(0, count)) {
    const dir = join(work, commit.hash.slice(0, 10));
    run(".", "git", ["clone", "-q", "--no-checkout", git, dir]);
    run(dir, "git", ["checkout", "-q", commit.parent]);
    run(dir, "node", [CTX, "index", "-q"]);
    const brief = JSON.parse(run(dir, "node", [CTX, "brief", "--json", commit.subject]));
    const first = brief.files[0];
    const symbols = parseSymbolIndex(indexText(dir, "symbol_index.md"));
    const touched = first ? touchedDeclarations(symbols.filter((row) => row.path === first.path), touchedLines(git, commit.parent, commit.hash, first.path)) : [];
    const fileRight = Boolean(first && commit.changed.includes(first.path));
    const at = first?.at ? `${first.at.name}@${first.at.line}` : null;
    const declarationRight = fileRight && at !== null && touched.some((t) => t === at || t.endsWith(`.${at}`));
    rows.push({ commit: commit.hash.slice(0, 7), subject: commit.subject, first: first ? `${first.path}${at ? ` \`${first.at.name}\` (line ${first.at.line})` : ""}` : "(none)", fileRight, declarationRight });
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const cut = (text) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);
console.log("| commit | subject | brief's first file and declaration | file changed | declaration touched |");
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) console.log(`| ${row.commit} | ${cut(row.subject).replace(/\|/g, "\\|")} | ${row.first} | ${row.fileRight ? "yes" : "no"} | ${row.declarationRight ? "yes" : "no"} |`);
const files = rows.filter((row) => row.fileRight).length;
const both = rows.filter((row) => row.declarationRight).length;
console.log(`\n${rows.length} commits: first file changed in ${files}, first file and declaration both right in ${both}.`);
