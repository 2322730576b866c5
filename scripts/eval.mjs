#!/usr/bin/env node
// npm run eval: accuracy of `ctx traverse Symbol` against the TypeScript language service as the
// oracle (getNavigateToItems, exact matches), on the bench corpora. Writes BENCHMARKS.md (eval); the
// callers (eval-calls.mjs) and routing (eval-routing.mjs) parts write their own sections.
//   recall    = oracle declarations in ctx's scope that ctx answers / oracle declarations in scope
//   precision = ctx hits that the oracle confirms / ctx hits
// A hit counts when the path matches and the line is within 3. Names are sampled with a fixed seed,
// half from ctx's index and half from the oracle's own navigation trees, so neither side picks them.
// Usage: npm run eval [-- --quick]
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import ts from "typescript";
import { REAL_CORPORA, SYNTHETIC_CORPORA, WORK, prepareCorpus } from "./corpora.mjs";
import { replaceSection } from "./report.mjs";
import { runTraverse } from "../dist/cli/commands/traverse-command.js";
import { runShow } from "../dist/cli/commands/show-command.js";
import { random } from "./random.mjs";
import { callRepos, callsReport, evaluateCallsInWorker, sample, tableRows } from "./eval-calls.mjs";
import { evaluateRouting, routingReport, routingRepos } from "./eval-routing.mjs";
import { readsReport } from "./eval-reads.mjs";
import { endpointApps, endpointsReport, evaluateEndpoints } from "./eval-endpoints.mjs";
import { evaluateLanguageRepo, languageRepos, languagesReport } from "./eval-languages.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CTX = join(ROOT, "bin", "ctx.js");
const QUICK = process.argv.includes("--quick");
const NAMES_PER_SIDE = QUICK ? 100 : 250;
const LINE_TOLERANCE = 3;
const CALL_TARGETS = QUICK ? 60 : 150;
/** More than this repository has, so every one is evaluated. */
const SELF_CALL_TARGETS = 5000;

/**
 * The declarations ctx promises to index, decided on the oracle's own syntax tree: declarations at
 * file and namespace level (variables, destructured names and class expressions included) and the
 * members of those classes. Not in scope: anything inside a function body or an initializer,
 * interface, type-literal and object-literal members, enum members, constructors, parameters and
 * import/export aliases.
 * @returns {Map<number, ts.Node>} in-scope declarations by start position
 */
function scopeStarts(sourceFile) {
  const starts = new Map();
  const add = (node) => starts.set(node.getStart(sourceFile), node);
  const bindings = (name) => {
    if (ts.isIdentifier(name)) return;
    for (const element of name.elements) {
      if (ts.isOmittedExpression(element)) continue;
      add(element);
      bindings(element.name);
    }
  };
  const classMembers = (node) => {
    for (const member of node.members) {
      if (ts.isConstructorDeclaration(member)) {
        for (const parameter of member.parameters) if (ts.isParameterPropertyDeclaration(parameter, member)) add(parameter);
      } else if (!ts.isClassStaticBlockDeclaration(member) && !ts.isSemicolonClassElement(member) && !ts.isIndexSignatureDeclaration(member)) {
        add(member);
      }
    }
  };
  const statements = (list) => {
    for (const statement of list) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          add(declaration);
          bindings(declaration.name);
          let init = declaration.initializer;
          while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
          if (init && ts.isClassExpression(init)) classMembers(init);
        }
      } else if (ts.isModuleDeclaration(statement)) {
        add(statement);
        let body = statement.body;
        while (body && ts.isModuleDeclaration(body)) {
          add(body);
          body = body.body;
        }
        if (body && ts.isModuleBlock(body)) statements(body.statements);
      } else if (ts.isClassDeclaration(statement)) {
        add(statement);
        classMembers(statement);
      } else if (ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) {
        add(statement);
      }
    }
  };
  statements(sourceFile.statements);
  return starts;
}

const OUT_OF_SCOPE_KINDS = new Set(["alias", "enum member", "constructor", "parameter", "index", "call", "construct"]);
function languageService(dir, files) {
  const absolute = files.map((f) => join(dir, f));
  const host = {
    getScriptFileNames: () => absolute,
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      try {
        return ts.ScriptSnapshot.fromString(readFileSync(name, "utf8"));
      } catch {
        return undefined;
      }
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => ({ allowJs: true, noResolve: true, noLib: true, target: ts.ScriptTarget.Latest, jsx: ts.JsxEmit.Preserve }),
    getDefaultLibFileName: () => "lib.d.ts",
    fileExists: (name) => absolute.includes(name),
    readFile: (name) => readFileSync(name, "utf8"),
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

function oracleNames(service, files, dir) {
  const names = new Set();
  const visit = (item) => {
    if (item.text && /^[\w$#]+$/.test(item.text)) names.add(item.text);
    for (const child of item.childItems ?? []) visit(child);
  };
  for (const file of files) visit(service.getNavigationTree(join(dir, file)));
  return [...names].sort();
}

/**
 * What `ctx show` must print of a declaration: from its first JSDoc block (the compiler's
 * attachment; for a variable, the statement's) or else its first token (decorators included), to
 * its last line.
 */
function spanOf(sourceFile, node) {
  const lineAt = (position) => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  const line = lineAt(node.getStart(sourceFile));
  const docs = ts.getJSDocCommentsAndTags(node).filter((doc) => ts.isJSDoc(doc));
  const start = Math.min(line, ...docs.map((doc) => lineAt(doc.pos)));
  return { line, start, end: lineAt(node.getEnd()) };
}

async function evaluate(corpus) {
  const { dir } = corpus;
  execFileSync("node", [CTX, "index", "--quiet"], { cwd: dir, stdio: "inherit" });
  const files = tableRows(dir, "file_index.md").filter((r) => /^[0-9a-f]{64}$/.test(r[1] ?? "")).map((r) => r[0]);
  const ctxNames = [...new Set(tableRows(dir, "symbol_index.md").map((r) => r[0]))].sort();
  const service = languageService(dir, files);
  const program = service.getProgram();
  const next = random(2026);
  const fromOracle = oracleNames(service, files, dir);
  const names = [...new Set([...sample(ctxNames, NAMES_PER_SIDE, next), ...sample(fromOracle, NAMES_PER_SIDE, next)])].sort();
  const scopes = new Map();

  let oracleInScope = 0;
  let recalled = 0;
  let ctxHits = 0;
  let invisible = 0;
  let confirmed = 0;
  const missed = [];
  const unconfirmed = [];
  let spansExact = 0;
  const spanMisses = [];
  for (const name of names) {
    const items = service
      .getNavigateToItems(name, 100_000, undefined, false)
      .filter((item) => item.name === name && item.matchKind === "exact")
      .map((item) => {
        const source = program.getSourceFile(item.fileName);
        const line = source ? source.getLineAndCharacterOfPosition(item.textSpan.start).line + 1 : 0;
        let starts = scopes.get(item.fileName);
        if (!starts && source) scopes.set(item.fileName, (starts = scopeStarts(source)));
        const inScope = !OUT_OF_SCOPE_KINDS.has(item.kind) && (starts?.has(item.textSpan.start) ?? false);
        return { path: item.fileName.slice(dir.length + 1), line, kind: item.kind, containerKind: item.containerKind, inScope, span: inScope ? spanOf(source, starts.get(item.textSpan.start)) : null };
      });
    // In-process, through the same command code the binary runs (freshness checks included).
    const answer = await runTraverse({ cwd: dir, kind: "Symbol", query: name, limit: 100_000 });
    const hits = answer.hits;
    const near = (a, b) => a.path === b.path && Math.abs(a.line - b.line) <= LINE_TOLERANCE;
    for (const item of items.filter((i) => i.inScope)) {
      oracleInScope += 1;
      // `ctx show path:LINE` of the declaration's first line: its doc comment to its last line, as the compiler spans them.
      const shown = await runShow({ cwd: dir, query: `${item.path}:${item.span.line}`, budget: 0 });
      const source = shown.source;
      if (source && source.start === item.span.start && source.end === item.span.end) spansExact += 1;
      else if (spanMisses.length < 8) spanMisses.push(`${name} ${item.path}: language service ${item.span.start}-${item.span.end}, show ${source ? `${source.start}-${source.end}` : shown.reason}`);
      if (hits.some((hit) => near(hit, item))) recalled += 1;
      else if (missed.length < 8) missed.push(`${name} ${item.kind} in ${item.containerKind || "file"} ${item.path}:${item.line}`);
    }
    for (const hit of hits) {
      // An anonymous default export (`export default function () {}`, `export default <expression>`)
      // has no name in the compiler's navigation: the oracle can neither confirm nor deny such a
      // hit, so it is counted apart rather than as a false one.
      if (hit.name === "default") {
        invisible += 1;
        continue;
      }
      ctxHits += 1;
      if (items.some((item) => near(hit, item))) confirmed += 1;
      else if (unconfirmed.length < 8) unconfirmed.push(`${name} ${hit.kind} ${hit.path}:${hit.line}`);
    }
  }
  return { name: corpus.name, files: files.length, names: names.length, oracleInScope, recalled, ctxHits, confirmed, invisible, missed, unconfirmed, spansExact, spanMisses };
}

async function main() {
  const corpora = QUICK ? [REAL_CORPORA[0]] : [...REAL_CORPORA, SYNTHETIC_CORPORA[0]];
  const results = [];
  const callResults = [];
  for (const spec of corpora) {
    console.error(`eval: ${spec.name}`);
    const corpus = prepareCorpus(spec);
    const result = await evaluate(corpus);
    console.error(JSON.stringify(result, null, 1));
    results.push(result);
    const calls = await evaluateCallsInWorker(corpus, CALL_TARGETS);
    console.error(JSON.stringify(calls, null, 1));
    callResults.push(calls);
  }
  if (!QUICK) {
    for (const repo of callRepos(WORK)) {
      console.error(`eval: callers ${repo.name}`);
      const calls = await evaluateCallsInWorker(repo, CALL_TARGETS);
      console.error(JSON.stringify(calls, null, 1));
      callResults.push(calls);
    }
    // Issue 3's "done when": on this repository, Caller gives the editor's call hierarchy. Every
    // non-test function and method of the committed HEAD, not a sample.
    const self = { name: `ctx (this repository, ${execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()})`, dir: join(WORK, "ctx-self") };
    rmSync(self.dir, { recursive: true, force: true });
    execFileSync("git", ["clone", "-q", ROOT, self.dir]);
    console.error(`eval: ${self.name}`);
    const calls = await evaluateCallsInWorker(self, SELF_CALL_TARGETS);
    console.error(JSON.stringify(calls, null, 1));
    callResults.push(calls);
  }
  const pct = (a, b) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(2)}%`);
  const total = results.reduce(
    (sum, r) => ({
      inScope: sum.inScope + r.oracleInScope,
      recalled: sum.recalled + r.recalled,
      hits: sum.hits + r.ctxHits,
      confirmed: sum.confirmed + r.confirmed,
      invisible: sum.invisible + r.invisible,
      spans: sum.spans + r.spansExact,
    }),
    { inScope: 0, recalled: 0, hits: 0, confirmed: 0, invisible: 0, spans: 0 },
  );
  const commit = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)}, ctx at ${commit}, TypeScript ${ts.version} language service as the oracle. Command: \`npm run eval${QUICK ? " -- --quick" : ""}\`.`,
    `Per corpus, up to ${NAMES_PER_SIDE} names sampled (seed 2026) from ctx's index and ${NAMES_PER_SIDE} from the oracle's navigation trees; every exact`,
    "`getNavigateToItems` match of each name is compared with every hit of `ctx traverse Symbol <name>` (in-process, freshness checks",
    `included). A hit counts when the path matches and the line is within ${LINE_TOLERANCE}. Recall is over the oracle's declarations in ctx's`,
    "scope, decided on the oracle's own syntax tree: file- and namespace-level declarations (destructured names and class expressions",
    "included) and their classes' members; not locals in bodies, interface/object-literal members, enum members, constructors,",
    "parameters or import aliases. Precision is over ctx's hits, each confirmed by any exact oracle match; hits for anonymous",
    "default exports (ctx names them `default`) are counted apart, since the compiler's navigation gives them no name.",
    "",
    "`ctx show` spans: for each oracle declaration in scope, `ctx show <path>:<its first line>` (in-process, --budget 0) must print",
    "from the first line of the JSDoc the compiler attaches to it (or its first token, decorators included) to its last line.",
    "",
    "| corpus | files | names | oracle declarations in scope | recalled | recall | ctx hits | confirmed | precision | anonymous default-export hits (apart) | `show` spans exact |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.name} | ${r.files} | ${r.names} | ${r.oracleInScope} | ${r.recalled} | ${pct(r.recalled, r.oracleInScope)} | ${r.ctxHits} | ${r.confirmed} | ${pct(r.confirmed, r.ctxHits)} | ${r.invisible} | ${r.spansExact} (${pct(r.spansExact, r.oracleInScope)}) |`),
    `| **all** | | | ${total.inScope} | ${total.recalled} | **${pct(total.recalled, total.inScope)}** | ${total.hits} | ${total.confirmed} | **${pct(total.confirmed, total.hits)}** | ${total.invisible} | **${total.spans} (${pct(total.spans, total.inScope)})** |`,
    "",
  ];
  const examples = results.flatMap((r) => [...r.missed.map((m) => `missed (${r.name}): ${m}`), ...r.unconfirmed.map((u) => `unconfirmed (${r.name}): ${u}`), ...r.spanMisses.map((m) => `show span (${r.name}): ${m}`)]);
  if (examples.length > 0) lines.push("Examples of disagreements:", "", ...examples.map((e) => `- ${e}`), "");
  replaceSection(join(ROOT, "BENCHMARKS.md"), "eval", lines.join("\n"));
  replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-calls", callsReport(callResults, { commit, command: `npm run eval${QUICK ? " -- --quick" : ""}`, targets: CALL_TARGETS }));
  const endpointResults = [];
  for (const app of endpointApps(WORK)) {
    console.error(`eval: endpoints ${app.repo}`);
    endpointResults.push(evaluateEndpoints(app));
  }
  if (endpointResults.length === 0) console.error("eval: endpoints skipped (none of the sample apps is fetched here); its section is left as it was");
  else replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-endpoints", endpointsReport(endpointResults, { commit, command: `npm run eval${QUICK ? " -- --quick" : ""}` }));
  const languageResults = [];
  for (const repo of languageRepos()) {
    console.error(`eval: symbols of ${repo.language}, ${repo.name}`);
    languageResults.push(evaluateLanguageRepo(repo));
  }
  if (languageResults.length === 0) console.error("eval: Python and Go skipped (none of their repositories is fetched here); its section is left as it was");
  else replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-languages", languagesReport(languageResults, { commit, command: `npm run eval${QUICK ? " -- --quick" : ""}` }));
  // Routing needs clones with history, which this repository never holds (see eval-routing.mjs).
  const repos = QUICK ? [] : routingRepos();
  if (repos.length === 0) console.error("eval: routing skipped (no repositories with history: set CTX_EVAL_REPOS); its section is left as it was");
  else {
    const evaluations = [];
    for (const repo of repos) {
      console.error(`eval: routing ${repo.name}`);
      evaluations.push(await evaluateRouting(repo));
    }
    replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-routing", routingReport(evaluations, { commit, command: "npm run eval" }));
    replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-reads", readsReport(evaluations, { commit, command: "npm run eval" }));
  }
  console.error("eval: wrote BENCHMARKS.md");
}

await main();
