// The callers A/B's tasks (issue 23): "list every call site of X outside test files", for functions
// and methods whose sites the TypeScript language service's call hierarchy lists (the answer,
// kept out of the agents' sight), in one repository checked out twice: once for the rg arm, once
// indexed for the ctx arm.
//
//   node scripts/ab/prepare-callers.mjs <name> <repo-dir> <count> <out-dir> <answers-dir> [seed]
//
// Declarations are sampled (seed 2026 unless given) from ctx's symbol index, tests excluded, and
// kept when the oracle finds between 4 and 15 sites outside test files, in at least two files.
// Writes <out-dir>/<name>/tasks.json ({ id, question }), <answers-dir>/<name>.json ({ id, symbol,
// sites: ["path:line", …] }), and the checkouts <out-dir>/<name>/rg and …/ctx. An agent writes
// its answer to <out-dir>/<name>/<id>/<arm>-answer.json as { "sites": ["path:line", …] }.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isTestPath } from "../../dist/core/index/is-test-path.js";
import { languageService, oracleCallSites, sample, tableRows } from "../eval-calls.mjs";
import { random } from "../random.mjs";

const [name, repo, countText, out, answersDir, seedText = "2026"] = process.argv.slice(2);
if (!name || !repo || !countText || !out || !answersDir) {
  console.error("usage: node scripts/ab/prepare-callers.mjs <name> <repo-dir> <count> <out-dir> <answers-dir> [seed]");
  process.exit(2);
}
const CTX = join(new URL("../..", import.meta.url).pathname, "bin", "ctx.js");
const run = (cwd, command, args) => execFileSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });

const base = join(out, name);
mkdirSync(base, { recursive: true });
for (const arm of ["rg", "ctx"]) run(base, "git", ["clone", "-q", repo, arm]);
const ctxDir = join(base, "ctx");
run(ctxDir, "node", [CTX, "init"]);
run(ctxDir, "node", [CTX, "index", "-q"]);

const files = tableRows(ctxDir, "file_index.md").filter((r) => /^[0-9a-f]{64}$/.test(r[1] ?? "")).map((r) => r[0]);
const indexed = new Set(files);
const symbols = tableRows(ctxDir, "symbol_index.md")
  .filter((r) => (r[1] === "function" || r[1] === "method") && r[5] === "no")
  .map((r) => {
    const location = /^(.+):(\d+)(?:-\d+)?$/.exec(r[4]);
    return { name: r[0], container: r[2], path: location[1], line: Number(location[2]) };
  })
  .filter((symbol) => !isTestPath(symbol.path));
const service = languageService(ctxDir, files);
const tasks = [];
const answers = [];
for (const symbol of sample(symbols, symbols.length, random(Number(seedText)))) {
  if (tasks.length >= Number(countText)) break;
  const found = oracleCallSites(service, ctxDir, indexed, symbol);
  if (found === undefined) continue;
  const sites = new Set(found.filter((site) => !isTestPath(site.path)).map((site) => `${site.path}:${site.line}`));
  const inFiles = new Set([...sites].map((site) => site.slice(0, site.lastIndexOf(":"))));
  if (sites.size < 4 || sites.size > 15 || inFiles.size < 2) continue;
  const qualified = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
  const id = `t${tasks.length + 1}`;
  tasks.push({ id, question: `List every call site of \`${qualified}\` (declared at ${symbol.path}:${symbol.line}) outside test files, each as path:line.` });
  answers.push({ id, symbol: `${symbol.path}:${qualified}`, sites: [...sites].sort() });
}
writeFileSync(join(base, "tasks.json"), `${JSON.stringify(tasks, null, 1)}\n`);
mkdirSync(answersDir, { recursive: true });
writeFileSync(join(answersDir, `${name}.json`), `${JSON.stringify(answers, null, 1)}\n`);
console.log(`${tasks.length} tasks in ${base}; answers in ${join(answersDir, `${name}.json`)}`);
