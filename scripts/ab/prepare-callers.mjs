// The callers A/B's tasks (issue 23): "list every call site of X outside test files", for functions
// and methods whose sites the TypeScript language service's call hierarchy lists (the answer,
// kept out of the agents' sight), in one repository checked out twice: once for the rg arm, once
// indexed for the ctx arm.
//
//   node scripts/ab/prepare-callers.mjs <name> <repo-dir> <count> <out-dir> <answers-dir> [seed] [--mix]
//
// Declarations are sampled (seed 2026 unless given) from ctx's symbol index, tests excluded, and
// kept when the oracle finds between 4 and 15 sites outside test files, in at least two files.
// With --mix (issue 37), a third of the tasks each: such a function; a hub, with 50 or more sites
// outside tests (30 when the repository has none); a method whose name at least three
// declarations share (`remove`, `get`, `setOptions`), with 2 or more sites.
// Writes <out-dir>/<name>/tasks.json ({ id, question }), <answers-dir>/<name>.json ({ id, symbol,
// sites: ["path:line", …] }), and the checkouts <out-dir>/<name>/rg and …/ctx. An agent writes
// its answer to <out-dir>/<name>/<id>/<arm>-answer.json as { "sites": ["path:line", …] }.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isTestPath } from "../../dist/core/index/is-test-path.js";
import { languageService, oracleCallSites, sample, tableRows } from "../eval-calls.mjs";
import { random } from "../random.mjs";

const args = process.argv.slice(2);
const mix = args.includes("--mix");
const [name, repo, countText, out, answersDir, seedText = "2026"] = args.filter((arg) => arg !== "--mix");
if (!name || !repo || !countText || !out || !answersDir) {
  console.error("usage: node scripts/ab/prepare-callers.mjs <name> <repo-dir> <count> <out-dir> <answers-dir> [seed]");
  process.exit(2);
}
const CTX = process.env.CTX_BIN ?? join(new URL("../..", import.meta.url).pathname, "bin", "ctx.js");
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
const count = Number(countText);
const shared = new Map();
for (const symbol of symbols) shared.set(symbol.name, (shared.get(symbol.name) ?? 0) + 1);
/** The kinds of task still wanted, each with how many and which sites qualify. */
const kinds = mix
  ? [
      { kind: "few", want: count - 2 * Math.floor(count / 3), fits: (sites, files) => sites >= 4 && sites <= 15 && files >= 2 },
      { kind: "hub", want: Math.floor(count / 3), fits: (sites) => sites >= 50 },
      { kind: "common", want: Math.floor(count / 3), fits: (sites, files, symbol) => symbol.container !== "" && shared.get(symbol.name) >= 3 && sites >= 2 },
    ]
  : [{ kind: "few", want: count, fits: (sites, files) => sites >= 4 && sites <= 15 && files >= 2 }];
const order = sample(symbols, symbols.length, random(Number(seedText)));
const oracleMemo = new Map();
const oracleSites = (symbol) => {
  const key = `${symbol.path}:${symbol.container}.${symbol.name}`;
  // Sites of another member (a sibling through a shared base, `promise.then()` for a class implementing Promise) are not its calls.
  if (!oracleMemo.has(key)) oracleMemo.set(key, oracleCallSites(service, ctxDir, indexed, symbol)?.filter((site) => !site.another));
  return oracleMemo.get(key);
};
// Hubs are rare: looked for among the names rg finds most often (a neutral proxy), 30 sites when none has 50.
if (mix) {
  const lines = (symbol) => Number(spawnSync("rg", ["-c", "-w", "--no-filename", "-e", symbol.name, "--", "."], { cwd: ctxDir, encoding: "utf8", maxBuffer: 1 << 28 }).stdout.split("\n").reduce((sum, n) => sum + (Number(n) || 0), 0));
  const counted = new Map();
  // The first 400 of the sample: rg over the whole repository per name is the cost here.
  for (const symbol of order.slice(0, 400)) if (!counted.has(symbol.name)) counted.set(symbol.name, lines(symbol));
  const hubs = order.filter((symbol) => (counted.get(symbol.name) ?? 0) >= 50).sort((a, b) => counted.get(b.name) - counted.get(a.name)).slice(0, 40);
  const hub = kinds.find((entry) => entry.kind === "hub");
  const outside = (symbol) => (oracleSites(symbol) ?? []).filter((site) => !isTestPath(site.path)).length;
  if (hubs.filter((symbol) => outside(symbol) >= 50).length < hub.want) hub.fits = (sites) => sites >= 30;
  // In the seed's order, not by size: each run (a new seed) asks about other hubs.
  order.unshift(...sample(hubs, hubs.length, random(Number(seedText) + 1)));
}
const taken = new Set();
for (const symbol of order) {
  if (kinds.every((entry) => entry.want === 0)) break;
  const qualified = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
  if (taken.has(`${symbol.path}:${qualified}`)) continue;
  const found = oracleSites(symbol);
  if (found === undefined) continue;
  const sites = new Set(found.filter((site) => !isTestPath(site.path)).map((site) => `${site.path}:${site.line}`));
  const inFiles = new Set([...sites].map((site) => site.slice(0, site.lastIndexOf(":"))));
  const kind = kinds.find((entry) => entry.want > 0 && entry.fits(sites.size, inFiles.size, symbol));
  if (!kind) continue;
  kind.want -= 1;
  taken.add(`${symbol.path}:${qualified}`);
  const id = `t${tasks.length + 1}`;
  tasks.push({ id, question: `List every call site of \`${qualified}\` (declared at ${symbol.path}:${symbol.line}) outside test files, each as path:line.` });
  answers.push({ id, kind: kind.kind, symbol: `${symbol.path}:${qualified}`, sites: [...sites].sort() });
}
writeFileSync(join(base, "tasks.json"), `${JSON.stringify(tasks, null, 1)}\n`);
mkdirSync(answersDir, { recursive: true });
writeFileSync(join(answersDir, `${name}.json`), `${JSON.stringify(answers, null, 1)}\n`);
console.log(`${tasks.length} tasks in ${base}; answers in ${join(answersDir, `${name}.json`)}`);
