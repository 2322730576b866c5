// The endpoint part of `npm run eval`: for real applications fetched into a temp folder, every route
// registration an independent AST oracle finds (scripts/endpoint-oracle.mjs, written apart from
// ctx's extractor, test files excluded) against endpoint_index.md, and for each app's hand-worked
// full-URL samples (scripts/endpoint-samples/*.json: the request a user sees, the registration that
// serves it, the framework rule and mounts that make the URL) whether `ctx traverse Endpoint
// '<METHOD> <URL>'` answers with that registration first.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkoutFetched, WORK } from "./corpora.mjs";
import { replaceSection } from "./report.mjs";
import { isTestFile, oracleRegistrations } from "./endpoint-oracle.mjs";
import { tableRows } from "./eval-calls.mjs";
import { KEPT } from "./eval-languages.mjs";
import { LANGUAGES } from "./languages/index.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CTX = join(ROOT, "bin", "ctx.js");
const SAMPLES = join(ROOT, "scripts", "endpoint-samples");
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/**
 * The sample apps whose fetched mirror is here, each checked out at the commit its samples were worked on.
 * @param {string} work
 */
export function endpointApps(work, sets = ["eval", "held-out"]) {
  return readdirSync(SAMPLES)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(SAMPLES, file), "utf8")))
    .map((app) => ({ ...app, git: `/work/.mirror/${app.repo.replace("/", "+")}/repo` }))
    .filter((app) => sets.includes(app.set) && existsSync(app.git))
    .map((app) => {
      const dir = join(work, "endpoints", `${app.repo.replace(/[^\w.-]+/g, "_")}@${app.commit.slice(0, 8)}`);
      // Apps of the tree-sitter languages: their sources and the build files that decide their imports.
      if (app.language) checkoutFetched(app.git, app.commit, dir, KEPT);
      else checkoutFetched(app.git, app.commit, dir);
      return { ...app, dir };
    });
}

/** @param {{ repo: string, commit: string, framework: string, set: string, samples: any[], dir: string }} app */
export function evaluateEndpoints(app) {
  execFileSync("node", [CTX, "index", "--quiet"], { cwd: app.dir, stdio: "ignore" });
  const extensions = LANGUAGES.find((entry) => entry.language === app.language)?.extensions;
  const source = extensions ? { test: (path) => extensions.some((extension) => path.endsWith(extension)) } : SOURCE;
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: app.dir, encoding: "utf8", maxBuffer: 1 << 28 })
    .split("\0")
    .filter((path) => source.test(path) && !path.endsWith(".d.ts") && !isTestFile(path));
  // The registration oracle reads TypeScript; the tree-sitter languages' apps are measured by their samples alone.
  const oracle = app.language ? [] : oracleRegistrations(app.dir, files);
  // path, line, method → one registration, however many prefixes it is served under.
  const rows = tableRows(app.dir, "endpoint_index.md");
  // An inline handler's location runs to its last line (`src/app.ts:6-8`): the registration is its first.
  const indexed = new Set(rows.map(([method, , , location]) => `${location.replace(/-\d+$/, "")}\0${method}`));
  const key = (r) => `${r.path}:${r.line}\0${r.method}`;
  const found = oracle.filter((r) => indexed.has(key(r)) || (r.method === "ALL" && [...indexed].some((k) => k.startsWith(`${r.path}:${r.line}\0`))));
  const missed = oracle.filter((r) => !found.includes(r));
  const samples = app.samples.map((sample) => {
    const run = spawnSync("node", [CTX, "traverse", "Endpoint", sample.request, "--json", "--limit", "5"], { cwd: app.dir, encoding: "utf8" });
    const hits = parsedHits(run.stdout);
    const at = (hit) => hit.path === sample.path && hit.line === sample.line;
    const first = hits[0];
    return {
      request: sample.request,
      expected: `${sample.path}:${sample.line}`,
      first: first ? `${first.path}:${first.line} ${first.method} ${first.route}` : "TRAVERSE_MISS",
      resolved: first !== undefined && at(first),
      among: hits.some(at),
      rule: sample.rule,
    };
  });
  return {
    name: `${app.repo}@${app.commit.slice(0, 8)}`,
    framework: app.framework,
    language: app.language,
    set: app.set,
    files: files.length,
    rows: rows.length,
    oracle: oracle.length,
    found: found.length,
    missed: missed.slice(0, 8).map((r) => `${r.path}:${r.line} ${r.method} ${r.route ?? "(dynamic)"}`),
    samples,
  };
}

/** The hits of `traverse --json`; none when it printed no JSON (a crash counts as a miss). */
function parsedHits(stdout) {
  try {
    return JSON.parse(stdout).hits ?? [];
  } catch {
    return [];
  }
}

const pct = (a, b) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(2)}%`);

/** BENCHMARKS.md's eval-endpoints section. */
export function endpointsReport(results, { commit, command }) {
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)}, ctx at ${commit}. Command: \`${command}\` (scripts/eval-endpoints.mjs).`,
    "Apps fetched into a temp folder at the commit their samples were worked out on. Registrations: every route registration the",
    "oracle (scripts/endpoint-oracle.mjs: the TypeScript AST, written apart from ctx's extractor, test files excluded) finds, matched",
    "with endpoint_index.md by file, line and method. Samples (scripts/endpoint-samples/): requests as a user sees them, each worked",
    "out by hand with the framework rule and mounts that produce its URL; resolved when `ctx traverse Endpoint '<request>'` answers",
    "with that registration first. Eval apps were read to fix misses; held-out apps were not. The oracle reads TypeScript: Python and Go",
    "apps are measured by their samples alone (n/a).",
    "",
    "| app | framework | set | files | index rows | oracle registrations | found | recall | samples resolved first | among hits |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.framework} | ${r.set} | ${r.files} | ${r.rows} | ${r.language ? "n/a" : r.oracle} | ${r.language ? "n/a" : r.found} | ${r.language ? "n/a" : pct(r.found, r.oracle)} | ${r.samples.filter((s) => s.resolved).length}/${r.samples.length} | ${r.samples.filter((s) => s.among).length}/${r.samples.length} |`,
    ),
    "",
  ];
  // Held-out apps' disagreements are counted, not listed: reading them would make the apps tuning ones.
  const shown = results.filter((r) => r.set !== "held-out");
  const misses = shown.flatMap((r) => r.missed.map((m) => `registration missed (${r.name}): ${m}`));
  const unresolved = shown.flatMap((r) => r.samples.filter((s) => !s.resolved).map((s) => `sample not first (${r.name}): \`${s.request}\` → expected ${s.expected}, got ${s.first}`));
  if (misses.length + unresolved.length > 0) lines.push("Disagreements (up to 8 registrations per app):", "", ...[...misses, ...unresolved].map((line) => `- ${line}`), "");
  return lines.join("\n");
}

// `node scripts/eval-endpoints.mjs` runs this part of `npm run eval` alone (after `npm run build`).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  // CTX_EVAL_LANGUAGES=php,ruby measures those languages' apps alone and prints the report: the section holds every app's.
  const only = process.env.CTX_EVAL_LANGUAGES?.split(",").filter(Boolean);
  const results = endpointApps(WORK)
    .filter((app) => !only || only.includes(app.language ?? "typescript"))
    .map((app) => {
      console.error(`eval: endpoints ${app.repo}`);
      return evaluateEndpoints(app);
    });
  const report = endpointsReport(results, { commit, command: "node scripts/eval-endpoints.mjs" });
  if (results.length === 0) console.error("eval: endpoints skipped (none of the sample apps is fetched here); its section is left as it was");
  else if (only) console.log(report);
  else replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-endpoints", report);
}
