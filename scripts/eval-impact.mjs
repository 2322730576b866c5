// The Impact eval: `ctx traverse Impact` against the TypeScript call hierarchy's transitive closure, on
// NestJS apps fetched into /tmp/eval-impact. For functions and methods sampled with a fixed seed from
// ctx's own index, the oracle walks provideCallHierarchyIncomingCalls breadth first from the
// declaration, each incoming call's caller item the next node, up to what nothing calls (a
// controller's or resolver's handler, a route registration, top-level code); ctx's side is what
// freshImpactWalk reached. Figures per app and pooled:
//   recall = oracle nodes (outside tests, depth ≥ 1) that ctx reached / oracle nodes
//   extra  = declarations ctx reached (outside tests, depth ≥ 1) that the oracle's closure lacks
//   tokens = o200k of the Impact text, against the goal ≤ 8 per entry printed + 300
//   latency = median wall time of `ctx traverse Impact` in a fresh process ÷ that of `node -e 0`
// Run: node scripts/eval-impact.mjs (CTX_EVAL_IMPACT_REPOS="name=/path/to/git-dir[=held-out],…" replaces
// the apps; CTX_EVAL_IMPACT_TARGETS the sample size, 30). The report goes to /tmp/eval-impact/report.md;
// tuning apps' misses to /tmp/eval-impact/<app>/misses.md. A held-out app's misses are never written.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { encode } from "gpt-tokenizer";
import ts from "typescript";
import { runTraverse } from "../dist/cli/commands/traverse-command.js";
import { renderTraverseText } from "../dist/cli/render/traverse-text.js";
import { isTestPath } from "../dist/core/index/is-test-path.js";
import { freshImpactWalk } from "../dist/core/traverse/traverse-impact.js";
import { openTraverseSource } from "../dist/io/traverse-source.js";
import { checkoutFetched, fetchedRepos, mirrored } from "./corpora.mjs";
import { languageService, namePosition, oracleCallSites, sample, tableRows } from "./eval-calls.mjs";
import { random } from "./random.mjs";
import { replaceSection } from "./report.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CTX = join(ROOT, "bin", "ctx.js");
const WORK = "/tmp/eval-impact";
const SEED = 2026;
const TARGETS = Number(process.env.CTX_EVAL_IMPACT_TARGETS ?? 30);
/** A closure past either is reported as skipped, not scored: the answer could not be checked whole. */
const MAX_NODES = 3000;
const MAX_MS = 120_000;
const LATENCY_RUNS = 10;
/** Within the line of the declaration's name and its span's first (its first decorator's), give or take one. */
const LINE_TOLERANCE = 1;
const MODULE_CODE = "(module)";

/**
 * NestJS apps (GraphQL resolvers and REST controllers over deep service layers). Tuning: their misses
 * may be read to close gaps. Held out: only its figures are ever printed.
 */
const DEFAULT_IMPACT_REPOS = [
  mirrored("vendure-ecommerce/vendure", "tuning"),
  // In immich-app/immich's place: its snapshot is over the fetch tool's size limit (534 MB > 500 MiB).
  mirrored("novuhq/novu", "tuning"),
  // Tuning from its first run (issue 38): a NestJS API with an Angular client, its misses read to close gaps.
  mirrored("ghostfolio/ghostfolio", "tuning"),
  // Held out until issue 38's seventh step (73.16% recall at de6b9f5, measured before anyone read why), tuning since:
  // its misses were read to close gaps.
  mirrored("hoppscotch/hoppscotch", "tuning"),
  // Held out in its place: a NestJS API monorepo with a Next.js client, never read to change ranking or extraction.
  mirrored("teableio/teable", "held-out"),
];

/** Call hierarchy kinds that are top-level code (a file's, a namespace's): reached, never walked. */
const TOP_LEVEL = new Set([ts.ScriptElementKind.scriptElement, ts.ScriptElementKind.moduleElement]);

/** Each app extracted at its HEAD into WORK/<short name>@<commit> and indexed there. */
function prepareApps() {
  return fetchedRepos("CTX_EVAL_IMPACT_REPOS", DEFAULT_IMPACT_REPOS).map((repo) => {
    const commit = execFileSync("git", ["--git-dir", repo.git, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const app = repo.name.split("/").pop().replace(/[^\w.-]+/g, "_");
    const dir = join(WORK, `${app}@${commit}`);
    checkoutFetched(repo.git, "HEAD", dir);
    execFileSync("node", [CTX, "index", "-q"], { cwd: dir, stdio: "ignore" });
    return { name: `${repo.name}@${commit}`, app, set: repo.set, dir };
  });
}

/**
 * Functions and methods outside tests from ctx's symbol index (exact against the compiler: see the
 * symbols eval), in a seeded random order, services apart (`*.service.ts` or a `…Service` class: the
 * layer under the handlers). Which of them are scored is the oracle's to say (evaluateApp): those
 * the call hierarchy finds a caller of outside tests — never what ctx happens to link.
 */
function candidateTargets(dir) {
  const symbols = tableRows(dir, "symbol_index.md")
    .filter((r) => (r[1] === "function" || r[1] === "method") && r[5] === "no")
    .map((r) => {
      const [, path, line] = /^(.+):(\d+)(?:-\d+)?$/.exec(r[4]);
      return { name: r[0], kind: r[1], container: r[2], path, line: Number(line), qualified: r[2] ? `${r[2]}.${r[0]}` : r[0] };
    })
    .filter((s) => !isTestPath(s.path));
  const service = (s) => /\.service\.[cm]?[jt]s$/.test(s.path) || /Service$/.test(s.container);
  const next = random(SEED);
  const services = symbols.filter(service);
  const others = symbols.filter((s) => !service(s));
  return { services: sample(services, services.length, next), others: sample(others, others.length, next) };
}

/**
 * `path\0qualified name` → the spans ctx's symbol index declares it over (`{ start, end, kind }`; overloads
 * and accessor pairs share a name). `start` is a decorated declaration's first decorator's line. A method
 * of an object literal that implements an interface has no row there: call_index.md's Overrides table
 * gives its line, as ctx's Impact text takes it, and its object's constant bounds its end.
 */
function declarationSpans(dir) {
  const spans = new Map();
  for (const r of tableRows(dir, "symbol_index.md")) {
    const [, path, start, end] = /^(.+):(\d+)(?:-(\d+))?$/.exec(r[4]);
    const key = `${path}\0${r[2] ? `${r[2]}.${r[0]}` : r[0]}`;
    spans.set(key, [...(spans.get(key) ?? []), { start: Number(start), end: Number(end ?? start), kind: r[1] }]);
  }
  const callIndex = readFileSync(join(dir, ".ai", "call_index.md"), "utf8");
  const overrides = callIndex.indexOf("## Overrides") < 0 ? "" : callIndex.slice(callIndex.indexOf("## Overrides"));
  for (const line of overrides.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| ---") && !l.startsWith("| member |"))) {
    const [member, at] = line.slice(2, -2).split(" | ");
    const [, path, start] = /^(.+):(\d+)$/.exec(at) ?? [];
    const key = `${path}\0${member}`;
    if (!path || spans.has(key)) continue;
    const holder = member.includes(".") ? spans.get(`${path}\0${member.slice(0, member.lastIndexOf("."))}`)?.find((span) => span.start <= Number(start) && Number(start) <= span.end) : undefined;
    spans.set(key, [{ start: Number(start), end: holder?.end ?? Number(start), kind: "method" }]);
  }
  return spans;
}

/**
 * The oracle's closure over callers from one target: every call hierarchy item that reaches it, by a
 * shortest chain (`parent`, `site`: the call it makes toward the target). Not walked through: top-level
 * code, and test files (their callers are test runners), as ctx's walk does. Sites the checker takes to
 * another implementation of a shared base are left out (oracleCallSites marks them `another`): no call
 * there can run the declaration walked. `answers` caches the call hierarchy per item across targets.
 */
function oracleClosure(service, dir, indexed, target, answers) {
  const started = Date.now();
  const sourceFile = service.getProgram().getSourceFile(join(dir, target.path));
  const position = sourceFile && namePosition(sourceFile, target.name, target.line);
  // Keyed as its callers' items are, so that a recursive call does not reach it again.
  const root = { key: `${target.path}\0${position}`, path: target.path, line: target.line, spanLine: target.line, name: target.qualified, kind: target.kind, depth: 0, top: false, test: false, sites: [] };
  const nodes = new Map([[root.key, root]]);
  const tally = { another: 0, unplaced: 0, unanswered: 0 };
  let frontier = [{ node: root, symbol: target }];
  while (frontier.length > 0) {
    const next = [];
    for (const { node, symbol } of frontier) {
      const cacheKey = symbol.position === undefined ? `${symbol.path}\0${symbol.name}\0${symbol.line}` : `${symbol.path}\0${symbol.position}`;
      if (!answers.has(cacheKey)) answers.set(cacheKey, oracleCallSites(service, dir, indexed, symbol));
      const sites = answers.get(cacheKey);
      if (sites === undefined) {
        if (node === root) return { capped: "the call hierarchy cannot place it", nodes, tally };
        tally.unanswered += 1;
        continue;
      }
      for (const site of sites) {
        if (site.another) {
          tally.another += 1;
          continue;
        }
        // A constant holding a named function expression answers with its called references, which carry no caller item.
        if (!site.from) {
          tally.unplaced += 1;
          continue;
        }
        const { from } = site;
        const key = `${from.path}\0${from.position}`;
        // Every line a node calls toward the target from: top-level code is matched by them.
        if (nodes.has(key)) {
          nodes.get(key).sites.push(site.line);
          continue;
        }
        const top = TOP_LEVEL.has(from.kind);
        const name = top ? MODULE_CODE : from.container ? `${from.container}.${from.name}` : from.name;
        const reached = { key, path: from.path, line: from.line, spanLine: from.spanLine, endLine: from.endLine, name, kind: from.kind, depth: node.depth + 1, top, test: isTestPath(from.path), parent: node.key, site: { path: site.path, line: site.line }, sites: [site.line] };
        nodes.set(key, reached);
        if (!reached.top && !reached.test) next.push({ node: reached, symbol: { path: from.path, name: from.name, container: from.container, line: from.line, position: from.position } });
      }
      if (nodes.size > MAX_NODES) return { capped: `over ${MAX_NODES} nodes`, nodes, tally };
      if (Date.now() - started > MAX_MS) return { capped: `over ${MAX_MS / 1000} s`, nodes, tally };
    }
    frontier = next;
  }
  return { nodes, tally, ms: Date.now() - started };
}

/**
 * What ctx's walk reached outside tests past the target, each with the spans its symbol index declares
 * it over (top-level code: its call's line). A member of an object literal with neither a row nor an
 * Overrides line (`render` in `const Playground: Story = { render: () => … }`) takes its constant's span.
 */
async function ctxReached(dir, query, spans) {
  const spansOf = (path, name) => spans.get(`${path}\0${name}`) ?? (name.includes(".") ? spans.get(`${path}\0${name.slice(0, name.lastIndexOf("."))}`)?.filter((span) => !CONTAINERS.has(span.kind)) : undefined) ?? [];
  const fresh = await freshImpactWalk(openTraverseSource(dir), query);
  if ("status" in fresh) return { miss: `${fresh.status}: ${fresh.reason ?? ""} ${fresh.detail ?? ""}`.trim(), nodes: [], tests: 0 };
  const all = [...fresh.walk.reached.values()];
  const nodes = [...fresh.walk.reached]
    .filter(([, r]) => !r.test && r.depth > 0)
    .map(([key, r]) => ({ key, toward: r.toward, site: r.site, path: r.node.path, name: r.node.name, module: r.node.name === MODULE_CODE, spans: spansOf(r.node.path, r.node.name), line: r.site?.line ?? null, depth: r.depth }));
  return { nodes, tests: all.filter((r) => r.test).length, roots: fresh.roots.length };
}

/** Declarations that hold members rather than code of their own: never taken as enclosing an oracle node. */
const CONTAINERS = new Set(["class", "interface", "enum", "namespace", "type"]);

/**
 * Whether ctx's node is the oracle's, and how:
 * - "same": top-level code of one file (ctx keeps one per line; the call hierarchy one per file), or a
 *   declaration in that file whose ctx line lies between the oracle span's first line and its name's;
 * - "enclosing": ctx's declaration holds the oracle's (a method of an object literal assigned to a
 *   constant, a nested function: ctx names the calls there after the constant or the outer function),
 *   or ctx's top-level code makes its call inside the oracle's item (an object literal's method in a top-level call's argument);
 * - "enclosed": the oracle's item holds ctx's declaration, which holds a call the oracle's item makes
 *   toward the target (an arrow function in a constant's object literal is top-level code to the call hierarchy,
 *   a property's initializer is its class's).
 * Only "same" is a strict match; the report gives both counts.
 */
function matchOf(oracle, mine) {
  if (oracle.path !== mine.path) return null;
  if (mine.module) return oracle.top ? "same" : mine.line !== null && oracle.spanLine <= mine.line && mine.line <= oracle.endLine ? "enclosing" : null;
  const holdsSite = (span) => oracle.sites.some((line) => span.start <= line && line <= span.end);
  if (oracle.top) return mine.spans.some(holdsSite) ? "enclosed" : null;
  if (mine.spans.some((span) => span.start >= oracle.spanLine - LINE_TOLERANCE && span.start <= oracle.line + LINE_TOLERANCE)) return "same";
  if (mine.spans.some((span) => !CONTAINERS.has(span.kind) && span.start <= oracle.spanLine && span.end >= oracle.endLine)) return "enclosing";
  if (mine.spans.some((span) => span.start >= oracle.spanLine && span.end <= oracle.endLine && holdsSite(span))) return "enclosed";
  return null;
}

/** The Impact text an agent reads (as `ctx traverse Impact` prints it), its o200k tokens and the entries it lists. */
async function impactTokens(dir, query) {
  const result = await runTraverse({ cwd: dir, kind: "Impact", query, limit: 200, depth: 1, tests: false });
  const text = renderTraverseText(result, { depth: 1 });
  const listed = result.hits.filter((hit) => hit.kind !== "test").length;
  return { tokens: encode(text).length, listed, entries: result.impact?.entries ?? 0, status: result.status, complete: result.impact?.complete ?? null };
}

/** The chain the oracle took from a node to the target: each step's caller and the call it makes, with the line's text. */
function chainOf(dir, nodes, node) {
  const steps = [];
  const text = (path, line) => readFileSync(join(dir, path), "utf8").split("\n")[line - 1]?.trim() ?? "";
  for (let current = node; current.parent; current = nodes.get(current.parent)) {
    steps.push({ caller: `${current.name} (${current.path}:${current.line}, ${current.kind})`, site: `${current.site.path}:${current.site.line}`, code: text(current.site.path, current.site.line), callee: nodes.get(current.parent) });
  }
  return steps;
}

/**
 * Per missed node, the first link of its chain (from the target outward) whose caller ctx did not reach
 * though it reached the callee: many misses share one such broken link. What ctx's call index has at
 * that site (no row, unresolved, resolved elsewhere, or resolved here under another caller) hints at why.
 */
function brokenLink(nodes, node, found) {
  const chain = [];
  for (let current = node; current; current = current.parent ? nodes.get(current.parent) : undefined) chain.unshift(current);
  return chain.find((n) => n.depth > 0 && !found.has(n.key));
}

/** The folder of the package.json nearest a path (a workspace package), "." for the root. */
function packageFinder(dir) {
  const folders = new Set(
    execFileSync("git", ["ls-files", "-z", "--", "package.json", "**/package.json"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 })
      .split("\0")
      .filter((f) => f.endsWith("package.json") && !f.includes("node_modules/"))
      .map((f) => (f.includes("/") ? f.slice(0, f.lastIndexOf("/")) : ".")),
  );
  return (path) => {
    for (let folder = path; folder.includes("/"); ) {
      folder = folder.slice(0, folder.lastIndexOf("/"));
      if (folders.has(folder)) return folder;
    }
    return ".";
  };
}

/** What ctx's call index has at a broken link's site for the callee's name: no row, unresolved, resolved elsewhere, or resolved to it (under another caller). */
function siteVerdict(callRowsAt, link, nodes) {
  const callee = nodes.get(link.parent);
  const rows = callRowsAt.get(`${link.site.path}:${link.site.line}`) ?? [];
  const short = (name) => name.slice(name.lastIndexOf(".") + 1);
  const named = rows.filter((r) => short(r[4]) === short(callee.name));
  if (named.length === 0) return rows.length === 0 ? "no call row at the site" : `no row of that name at the site (rows: ${[...new Set(rows.map((r) => r[4]))].join(", ")})`;
  const resolved = named.filter((r) => r[5] !== "unresolved");
  if (resolved.length === 0) return link.path === callee.path ? "ctx: unresolved, same file" : "ctx: unresolved";
  const here = resolved.filter((r) => r[6]?.startsWith(`${callee.path}:`));
  if (here.length === 0) return `ctx: resolved elsewhere (${resolved.map((r) => `${r[4]} → ${r[6]}`).join("; ")})`;
  return `ctx: resolved to it, caller ${here.map((r) => `${r[1]} (${r[2]})`).join(", ")}`;
}

/** One app: sample, oracle closures, ctx's walks, tokens. Runs in a worker (see below). */
async function evaluateApp(app, count) {
  const { dir } = app;
  const files = tableRows(dir, "file_index.md").filter((r) => /^[0-9a-f]{64}$/.test(r[1] ?? "")).map((r) => r[0]);
  const indexed = new Set(files);
  const candidates = candidateTargets(dir);
  const spans = declarationSpans(dir);
  const built = Date.now();
  const service = languageService(dir, files);
  service.getProgram();
  const answers = new Map();
  const rows = [];
  // Half services, half the rest, each the first in seeded order that the oracle finds called outside tests.
  const quota = { services: Math.ceil(count / 2), others: count - Math.ceil(count / 2) };
  const chosen = [];
  for (const group of /** @type {const} */ (["services", "others"])) {
    let taken = 0;
    for (const target of candidates[group]) {
      if (taken === quota[group]) break;
      const closure = oracleClosure(service, dir, indexed, target, answers);
      if (!closure.capped && ![...closure.nodes.values()].some((n) => n.depth > 0 && !n.test)) continue;
      chosen.push({ target, closure });
      taken += 1;
    }
  }
  for (const { target, closure } of chosen) {
    const query = `${target.path}:${target.qualified}`;
    const tokens = await impactTokens(dir, query);
    const row = { query, kind: target.kind, tokens, skipped: closure.capped ?? null, tally: closure.tally, ms: closure.ms ?? null };
    rows.push(row);
    if (closure.capped) continue;
    const mine = await ctxReached(dir, query, spans);
    const oracle = [...closure.nodes.values()].filter((n) => n.depth > 0 && !n.test);
    const matched = (n) => mine.nodes.map((m) => matchOf(n, m)).filter(Boolean);
    const found = new Set(oracle.filter((n) => matched(n).length > 0).map((n) => n.key));
    const strict = oracle.filter((n) => matched(n).includes("same")).length;
    const extra = mine.nodes.filter((m) => !oracle.some((n) => matchOf(n, m)));
    Object.assign(row, {
      ctxMiss: mine.miss ?? null,
      oracle: oracle.length,
      oracleTests: [...closure.nodes.values()].filter((n) => n.test).length,
      found: found.size,
      strict,
      ctxNodes: mine.nodes.length,
      ctxTests: mine.tests,
      extra: extra.map((m) => `${m.path}:${m.module ? `${MODULE_CODE}:${m.line}` : `${m.name}${m.spans.length ? `:${m.spans.map((span) => span.start).join(",")}` : " (not in the symbol index)"}`}`),
    });
    // Why ctx fell short, and what it reached beyond the oracle, only where misses may be read.
    if (app.set !== "held-out") {
      row.missed = oracle.filter((n) => !found.has(n.key)).map((n) => ({ node: n, link: brokenLink(closure.nodes, n, found), chain: chainOf(dir, closure.nodes, n), nodes: closure.nodes }));
      row.beyond = extraLinks(mine.nodes, new Set(extra.map((m) => m.key)), target.qualified);
    }
    if (process.env.EVAL_VERBOSE) console.error(`${app.app} ${query}: oracle ${row.oracle} found ${row.found} extra ${row.extra.length} (${row.ms} ms)`);
  }
  const missReport = app.set === "held-out" ? null : missesMarkdown(app, rows);
  for (const row of rows) {
    delete row.missed;
    delete row.beyond;
  }
  return { ...app, files: files.length, evaluatedMs: Date.now() - built, rows, missReport };
}

/**
 * Per extra node, the first step of ctx's shortest chain (from the target outward) whose caller the
 * oracle lacks: the call ctx linked and the call hierarchy did not (or a caller named differently).
 */
function extraLinks(nodes, extraKeys, rootName) {
  const byKey = new Map(nodes.map((m) => [m.key, m]));
  return [...extraKeys].map((key) => {
    const chain = [];
    for (let current = byKey.get(key); current; current = current.toward ? byKey.get(current.toward) : undefined) chain.unshift(current);
    const first = chain.find((m) => extraKeys.has(m.key));
    return { node: byKey.get(key), first: { ...first, towardName: byKey.get(first.toward)?.name ?? rootName } };
  });
}

/** misses.md for a tuning app: the broken links grouped by what ctx's call index has at the site, then every miss with its chain. */
function missesMarkdown(app, rows) {
  const { dir } = app;
  const callRowsAt = new Map();
  for (const r of tableRows(dir, "call_index.md")) callRowsAt.set(r[0], [...(callRowsAt.get(r[0]) ?? []), r]);
  const links = new Map();
  const details = [];
  const packageOf = packageFinder(dir);
  for (const row of rows) {
    for (const miss of row.missed ?? []) {
      const { link, nodes } = miss;
      const key = `${link.site.path}:${link.site.line}\0${link.key}`;
      if (!links.has(key)) {
        const callee = nodes.get(link.parent);
        const code = readFileSync(join(dir, link.site.path), "utf8").split("\n")[link.site.line - 1]?.trim() ?? "";
        // A call from one workspace package into another rests on how ctx resolves the package's entry.
        const across = packageOf(link.path) === packageOf(callee.path) ? "" : `, from ${packageOf(link.path)} into ${packageOf(callee.path)}`;
        const verdict = siteVerdict(callRowsAt, link, nodes);
        links.set(key, { site: `${link.site.path}:${link.site.line}`, caller: `${link.name} (${link.kind}, ${link.path}:${link.line})`, callee: `${callee.name} (${callee.path}:${callee.line})`, code, verdict: verdict.startsWith("ctx: unresolved") ? `${verdict}${across}` : verdict, misses: 0, targets: new Set() });
      }
      links.get(key).misses += 1;
      links.get(key).targets.add(row.query);
      details.push([`- ${row.query} ⇐ **${miss.node.name}** (${miss.node.kind}, ${miss.node.path}:${miss.node.line}), depth ${miss.node.depth}`, ...miss.chain.map((step) => `  - ${step.caller} calls ${step.callee.name} at ${step.site}: \`${step.code}\``)].join("\n"));
    }
  }
  const byVerdict = new Map();
  for (const link of links.values()) {
    const verdict = link.verdict.replace(/ \(.*$/, "").replace(/, caller .*$/, "");
    byVerdict.set(verdict, [...(byVerdict.get(verdict) ?? []), link]);
  }
  const out = [`# Impact misses: ${app.name} (${app.set})`, "", `${details.length} oracle nodes ctx did not reach, behind ${links.size} broken links (the first call on the oracle's chain whose caller ctx did not reach though it reached the callee).`, ""];
  out.push("## Broken links by what ctx's call index has at the site", "");
  for (const [verdict, group] of [...byVerdict].sort((a, b) => b[1].length - a[1].length)) {
    out.push(`### ${verdict}: ${group.length} links, ${group.reduce((sum, l) => sum + l.misses, 0)} misses`, "");
    for (const link of group.sort((a, b) => b.misses - a.misses)) out.push(`- ${link.site} \`${link.code}\` — ${link.caller} → ${link.callee}; ${link.verdict}; ${link.misses} misses behind it, ${link.targets.size} targets`);
    out.push("");
  }
  out.push("## Every miss, with the oracle's chain to the target", "", ...details, "");
  // What ctx reached that the oracle did not, grouped by the first call on ctx's chain that the oracle lacks.
  const beyond = new Map();
  for (const row of rows) {
    for (const { first } of row.beyond ?? []) {
      const key = `${first.site.path}:${first.site.line}\0${first.key}`;
      if (!beyond.has(key)) {
        const code = readFileSync(join(dir, first.site.path), "utf8").split("\n")[first.site.line - 1]?.trim() ?? "";
        // A call of a base member that ctx takes to the member walked (an interface's, for an object literal declared with its type).
        const calledAs = first.site.callee === first.towardName ? "" : `, called as ${first.site.callee}`;
        beyond.set(key, { text: `${first.site.path}:${first.site.line} \`${code}\` — ${first.name} → ${first.towardName} (via ${first.site.via}${calledAs})`, extras: 0 });
      }
      beyond.get(key).extras += 1;
    }
  }
  out.push("## Extra: declarations ctx reached that the oracle's closure lacks, by the first call on ctx's chain the oracle lacks", "");
  for (const { text, extras } of [...beyond.values()].sort((a, b) => b.extras - a.extras)) out.push(`- ${text}; ${extras} extra behind it`);
  out.push("");
  return out.join("\n");
}

/**
 * Wall time of `ctx traverse Impact` in a fresh process against `node -e 0`, interleaved so that both
 * see the same machine load; one unmeasured run of each first, for the disk cache.
 */
function latency(dir, queries) {
  const time = (args) => {
    const started = performance.now();
    const run = spawnSync("node", args, { cwd: dir, stdio: "ignore" });
    if (run.status !== 0 && run.status !== 1) throw new Error(`node ${args.join(" ")} exited with ${run.status}`);
    return performance.now() - started;
  };
  const impact = (q) => [CTX, "traverse", "Impact", q];
  time(impact(queries[0]));
  time(["-e", "0"]);
  const ctx = [];
  const bare = [];
  for (let i = 0; i < LATENCY_RUNS; i += 1) {
    ctx.push(time(impact(queries[i % queries.length])));
    bare.push(time(["-e", "0"]));
  }
  return { ctxMs: median(ctx), nodeMs: median(bare), ratio: median(ctx) / median(bare) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The figures of some apps' rows together: scored targets only for recall and extra, every target for tokens. */
function figures(results) {
  const rows = results.flatMap((r) => r.rows);
  const scored = rows.filter((r) => !r.skipped);
  const sum = (key) => scored.reduce((total, r) => total + (r[key] ?? 0), 0);
  const tokens = rows.map((r) => r.tokens.tokens);
  const within = rows.filter((r) => r.tokens.tokens <= 8 * r.tokens.listed + 300).length;
  return {
    scored: scored.length,
    skipped: rows.length - scored.length,
    oracle: sum("oracle"),
    found: sum("found"),
    strict: sum("strict"),
    extra: scored.reduce((total, r) => total + r.extra.length, 0),
    ctxNodes: sum("ctxNodes"),
    // ctx's closing line says `complete` (nothing unresolved on the way), yet it missed oracle nodes.
    falseComplete: scored.filter((r) => r.tokens.complete && r.found < r.oracle).length,
    complete: scored.filter((r) => r.tokens.complete).length,
    fullRecall: scored.filter((r) => r.found === r.oracle).length,
    tokensMedian: median(tokens),
    tokensMax: tokens.length ? Math.max(...tokens) : null,
    within,
    targets: rows.length,
  };
}

function report(results, { commit, command, seconds }) {
  const pct = (a, b) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(2)}%`);
  const line = (label, set, f, lat) =>
    `| ${label} | ${set} | ${f.scored} / ${f.skipped} | ${f.oracle} | ${f.found} | ${pct(f.found, f.oracle)} | ${pct(f.strict, f.oracle)} | ${f.fullRecall}/${f.scored} | ${f.complete} (${f.falseComplete}) | ${f.extra} of ${f.ctxNodes} | ${f.tokensMedian ?? "n/a"} / ${f.tokensMax ?? "n/a"} | ${f.within}/${f.targets} (${pct(f.within, f.targets)}) | ${lat} |`;
  const heldOut = results.filter((r) => r.set === "held-out");
  const tuning = results.filter((r) => r.set !== "held-out");
  const out = [
    `# Impact eval`,
    "",
    `ctx at ${commit}, TypeScript ${ts.version} language service as the oracle, ${new Date().toISOString().slice(0, 10)}. Command: \`${command}\` (${Math.round(seconds)} s).`,
    "",
    `Per app, ${TARGETS} functions and methods outside tests, in seeded order (seed ${SEED}; half from services), the first the oracle finds a caller of outside tests.`,
    "Oracle: `provideCallHierarchyIncomingCalls` walked breadth first from the declaration, each call's caller item the next node; top-level code",
    "and test files reached but not walked through; calls the checker takes to another implementation of a shared base left out. A closure over",
    `${MAX_NODES} nodes or ${MAX_MS / 1000} s is skipped. ctx: \`freshImpactWalk\`'s reached declarations. A node matches when the path is the same and ctx's line`,
    `lies between the oracle span's first line and its name's (±${LINE_TOLERANCE}), top-level code by path (same declaration); or ctx's declaration holds the`,
    "oracle's (an object literal's method, a nested function: ctx names calls there after the constant, outer function or top-level code), or the oracle's item holds",
    "ctx's declaration and ctx's holds one of the calls the oracle's item makes toward the target (an arrow function in a constant's object literal,",
    "top-level code to the call hierarchy). Recall over oracle nodes outside tests past the target, pooled over targets; \"ctx says complete\": the",
    "Impact text's closing line is `complete` (no unresolved call of a name on the way), in parentheses those of them that missed an oracle node;",
    "extra: ctx's reached declarations outside tests that match no oracle node. Tokens: o200k of `ctx traverse Impact <path>:<Name>` text (limit 200),",
    "median / max over every sampled target; within budget: tokens ≤ 8 × entries listed + 300. Latency: median of",
    `${LATENCY_RUNS} fresh \`node bin/ctx.js traverse Impact <q>\` runs over sampled targets ÷ median of ${LATENCY_RUNS} \`node -e 0\`, interleaved (goal ≤ 2×).`,
    "",
    "| app | set | targets scored / skipped | oracle nodes | found | recall | recall, same declaration only | targets wholly recalled | ctx says complete (of them, missing some) | extra (of ctx's) | tokens median / max | within budget | latency ratio (ctx / node ms) |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => line(r.name, r.set, figures([r]), `${r.latency.ratio.toFixed(2)}× (${Math.round(r.latency.ctxMs)} / ${Math.round(r.latency.nodeMs)})`)),
    line("**pooled**", "all", figures(results), `${median(results.map((r) => r.latency.ratio))?.toFixed(2)}× (median of apps)`),
    "",
  ];
  const pooled = figures(results);
  const held = figures(heldOut);
  const tuned = figures(tuning);
  out.push(
    `Pooled recall ${pct(pooled.found, pooled.oracle)} (goal ≥ 98% on ≥ 3 apps, one held out); held out ${pct(held.found, held.oracle)}, tuning ${pct(tuned.found, tuned.oracle)}.`,
    // A held-out app's targets are not named: only its figures are printed.
    `Skipped targets: ${results.flatMap((r) => r.rows.filter((row) => row.skipped).map((row) => (r.set === "held-out" ? `${r.app} (held out) 1 (${row.skipped})` : `${r.app} ${row.query} (${row.skipped})`))).join("; ") || "none"}.`,
    `ctx answered no walk for: ${results.flatMap((r) => r.rows.filter((row) => row.ctxMiss).map((row) => (r.set === "held-out" ? `${r.app} (held out) 1 (${row.ctxMiss.split(":")[0]})` : `${r.app} ${row.query} (${row.ctxMiss})`))).join("; ") || "none"}.`,
    `Oracle sites left out as another implementation's: ${results.reduce((t, r) => t + r.rows.reduce((s, row) => s + row.tally.another, 0), 0)}; without a caller item: ${results.reduce((t, r) => t + r.rows.reduce((s, row) => s + row.tally.unplaced, 0), 0)}; items the service could not answer for: ${results.reduce((t, r) => t + r.rows.reduce((s, row) => s + row.tally.unanswered, 0), 0)}.`,
    "",
  );
  return out.join("\n");
}

/** One app on a worker thread with a large stack (the compiler follows imports depth first) and heap. */
function evaluateInWorker(app, count) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { app, count }, resourceLimits: { stackSizeMb: 256, maxOldGenerationSizeMb: 16384 } });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`impact eval worker exited with ${code}`)));
  });
}

if (!isMainThread && workerData?.app) {
  parentPort.postMessage(await evaluateApp(workerData.app, workerData.count));
}

if (isMainThread && process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  mkdirSync(WORK, { recursive: true });
  const commit = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const results = [];
  const apps = prepareApps();
  if (apps.length === 0) {
    console.error("eval-impact: skipped (none of its apps is fetched here: fetch them, or set CTX_EVAL_IMPACT_REPOS); BENCHMARKS.md is left as it was");
    process.exit(0);
  }
  for (const app of apps) {
    const result = await evaluateInWorker(app, TARGETS);
    // Measured on the main thread once the worker (and its language service) is gone.
    result.latency = latency(app.dir, result.rows.map((row) => row.query));
    if (result.missReport) {
      mkdirSync(join(WORK, app.app), { recursive: true });
      writeFileSync(join(WORK, app.app, "misses.md"), result.missReport);
    }
    delete result.missReport;
    writeFileSync(join(WORK, `${app.app}.json`), JSON.stringify(app.set === "held-out" ? { ...result, rows: result.rows.map(({ extra, ...row }) => ({ ...row, extra: extra?.length })) } : result, null, 1));
    const f = figures([result]);
    console.log(`${result.name} (${result.set}): ${f.scored} scored, ${f.skipped} skipped, recall ${f.found}/${f.oracle}, extra ${f.extra}, tokens median ${f.tokensMedian}, latency ${result.latency.ratio.toFixed(2)}×`);
    results.push(result);
  }
  const command = `node scripts/eval-impact.mjs${process.env.CTX_EVAL_IMPACT_REPOS ? " (CTX_EVAL_IMPACT_REPOS set)" : ""}`;
  const text = report(results, { commit, command, seconds: (Date.now() - started) / 1000 });
  writeFileSync(join(WORK, "report.md"), text);
  console.log(text);
  // `npm run eval` writes the figures into BENCHMARKS.md; a run by hand only to the report.
  if (process.argv.includes("--write")) replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-impact", text.replace(/^# Impact eval\n\n/, "## Impact: transitive callers against the compiler (`npm run eval`)\n\n"));
}
