#!/usr/bin/env node
// npm run bench: ctx beside the reference tools, measured in one run on this machine, written to
// BENCHMARKS.md as ratios (shared machines are noisy; a ratio from one run is the figure that counts).
//   full index          ctx index (no .ai/, no cache)        vs  ctags over the same files, and ast-grep (a
//                       native tree-sitter tool from the npm registry, all cores) extracting the declarations
//   incremental         ctx index after a one-file edit      vs  the full index
//   traverse (cold)     a fresh `ctx traverse Symbol` process vs  node -e 0, and vs rg -n -w
//   callers             a fresh `ctx traverse Caller` process vs  rg -n -w and node -e 0
//   brief (cold)        `ctx brief "fix <name> when …"`       vs  node -e 0
//   answer tokens       ctx's answer                          vs  rg -n -w's output (o200k tokenizer)
//   peak memory         max RSS of the full index (workers included)
//   commit with hook    `git commit` of a one-file edit with ctx's pre-commit hook  vs  the same commit without it;
//                       and `ctx hook run --json` of such an edit, by phase
//   cache               .ai/.cache after a full index: its size over the indexed source's, and its largest entry (line),
//                       per corpus and for a clone of this repository, against the bounds CACHE_BOUNDS states
// Usage: npm run bench [-- --quick]   (--quick: the 5k synthetic corpus and one real package only;
// the compress figures follow, from scripts/bench-compress.mjs)
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { encode } from "gpt-tokenizer";
import { REAL_CORPORA, SYNTHETIC_CORPORA, WORK, prepareCorpus } from "./corpora.mjs";
import { replaceSection } from "./report.mjs";
import { hookedRepository } from "./hooked-repository.mjs";
import { random } from "./random.mjs";
import { indexText } from "./index-text.mjs";
import { median, timed } from "./timed.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CTX = join(ROOT, "bin", "ctx.js");
const QUICK = process.argv.includes("--quick");
const TRAVERSE_SAMPLES = 15;
/**
 * What the cache may cost, checked on every corpus: a summary that grew with the square (or the
 * exponent) of a chain of calls once made a 403 MB line of a 1 MB repository.
 */
const CACHE_BOUNDS = { ratio: 8, largestBytes: 1 << 20 };

/**
 * The fastest comparable tool installable from the npm registry: ast-grep, a native, multi-threaded
 * tree-sitter tool, made to extract the declarations ctx indexes (a rule per language). Installed
 * pinned into the measuring folder, never into this repository; null when it cannot be installed.
 */
const AST_GREP = "@ast-grep/cli@0.51.1";
/** A native parser from the registry, raced against the compiler's parser (scripts/parser-race.mjs) on the ~7k-file corpus. */
const OXC_PARSER = "oxc-parser@0.160.0";
const DECLARATION_KINDS = {
  TypeScript: ["function_declaration", "generator_function_declaration", "class_declaration", "abstract_class_declaration", "interface_declaration", "type_alias_declaration", "enum_declaration", "method_definition", "public_field_definition", "variable_declarator", "internal_module"],
  Tsx: ["function_declaration", "generator_function_declaration", "class_declaration", "abstract_class_declaration", "interface_declaration", "type_alias_declaration", "enum_declaration", "method_definition", "public_field_definition", "variable_declarator", "internal_module"],
  JavaScript: ["function_declaration", "generator_function_declaration", "class_declaration", "method_definition", "field_definition", "variable_declarator"],
};

/**
 * The registry tools, installed pinned in one npm call (a second `--no-save` install would prune the
 * first's packages) into the measuring folder, never into this repository. Each is null when it
 * could not be installed (no registry): the bench goes on without it.
 */
function installRegistryTools() {
  const prefix = join(WORK, "registry-tools");
  const astGrepBin = join(prefix, "node_modules", ".bin", "ast-grep");
  const oxcEntry = join(prefix, "node_modules", "oxc-parser", "src-js", "index.js");
  if (!existsSync(astGrepBin) || !existsSync(oxcEntry)) {
    const install = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", AST_GREP, OXC_PARSER], { encoding: "utf8" });
    if (install.status !== 0) console.error(`bench: ${AST_GREP} and ${OXC_PARSER} could not be installed (${install.stderr.trim().split("\n").pop()}); measured without them`);
  }
  return { astGrep: existsSync(astGrepBin) ? astGrepWith(prefix, astGrepBin) : null, oxcEntry: existsSync(oxcEntry) ? oxcEntry : null };
}

function astGrepWith(prefix, bin) {
  const rules = join(prefix, "rules");
  mkdirSync(rules, { recursive: true });
  for (const [language, kinds] of Object.entries(DECLARATION_KINDS)) {
    writeFileSync(join(rules, `${language}.yml`), [`id: declarations-${language}`, `language: ${language}`, "severity: hint", "rule:", "  any:", ...kinds.map((kind) => `    - kind: ${kind}`), ""].join("\n"));
  }
  const config = join(prefix, "sgconfig.yml");
  writeFileSync(config, "ruleDirs: [rules]\n");
  return { bin, config, version: version(bin, ["--version"]) };
}


function raceParsers(dir, list, oxcEntry) {
  const race = spawnSync("node", [join(ROOT, "scripts", "parser-race.mjs"), dir, list, oxcEntry], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (race.status !== 0) throw new Error(`parser race failed: ${race.stderr}`);
  return JSON.parse(race.stdout);
}

/** ast-grep over exactly the files ctx indexed (as many runs as the argument list needs), JSON out to a file as an index would be. */
function timeAstGrep(astGrep, dir, list) {
  const out = join(WORK, "ast-grep.json");
  const script = `xargs -d '\\n' -n 2000 "$0" scan -c "$1" --json=stream < "$2" > "$3"`;
  const run = timed("sh", ["-c", script, astGrep.bin, astGrep.config, list, out], dir);
  if (run.code !== 0) throw new Error(`ast-grep failed in ${dir}`);
  return run.seconds;
}

/** High-resolution wall time of one process (GNU time rounds to 10 ms, too coarse for a traverse). */
function wall(command, args, cwd) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: "1" } });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, stdout: result.stdout, stderr: result.stderr, code: result.status };
}

/** Per phase of `ctx index --json`, the median of its milliseconds over the runs, in the order the phases ran. */
function medianPhases(runs) {
  const names = [...new Set(runs.flatMap((phases) => phases.map((p) => p.phase)))];
  const of = (phase, field) => median(runs.map((phases) => phases.find((p) => p.phase === phase)?.[field] ?? 0));
  return names.map((phase) => ({ phase, ms: of(phase, "ms"), rssMiB: of(phase, "rssMiB") }));
}


/** Indexed source files and non-test symbol names, read back from the index ctx wrote. */
function readIndex(dir) {
  const rows = (file) =>
    indexText(dir, file)
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| ---"))
      .slice(1)
      .map((line) => line.slice(2, -2).split(" | "));
  const files = rows("file_index.md").filter((r) => /^[0-9a-f]{64}$/.test(r[1] ?? "")).map((r) => r[0]);
  const names = [...new Set(rows("symbol_index.md").filter((r) => r[5] === "no" && r[0].length >= 4).map((r) => r[0]))].sort();
  return { files, names };
}

/**
 * Bytes under .ai/.cache, and its largest entry: the longest line of the per-file stores (a file's
 * record in files.jsonl, its call summary, its rendered rows), where one file's data could grow
 * without bound. The lookup shards group many files by a name's hash; they count in the total.
 */
const PER_FILE_STORES = /^(files\.jsonl|(summaries|symbol-rows|call-rows)\/.*\.jsonl)$/;

function cacheFigures(dir, files) {
  let bytes = 0;
  let largest = { bytes: 0, file: "" };
  const cache = join(dir, ".ai", ".cache");
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      bytes += statSync(path).size;
      if (!PER_FILE_STORES.test(path.slice(cache.length + 1))) continue;
      const content = readFileSync(path);
      let start = 0;
      while (start < content.length) {
        const newline = content.indexOf(10, start);
        const end = newline < 0 ? content.length : newline;
        if (end - start > largest.bytes) largest = { bytes: end - start, file: path.slice(dir.length + 1) };
        start = end + 1;
      }
    }
  };
  walk(cache);
  const sourceBytes = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
  return { cacheBytes: bytes, sourceBytes, largestEntry: largest.bytes, largestIn: largest.file };
}

/** This repository, cloned at HEAD: its full index per file beside the corpora's, and its cache. */
function benchSelf() {
  const dir = join(WORK, "ctx-self");
  rmSync(dir, { recursive: true, force: true });
  execFileSync("git", ["clone", "-q", ROOT, dir]);
  const full = [];
  let peakKib = 0;
  for (let run = 0; run < 3; run += 1) {
    rmSync(join(dir, ".ai", ".cache"), { recursive: true, force: true });
    const ctx = timed("node", [CTX, "index", "--quiet"], dir);
    if (ctx.code !== 0) throw new Error(`ctx index failed in ${dir}`);
    full.push(ctx.seconds);
    peakKib = Math.max(peakKib, ctx.kib);
  }
  const { files } = readIndex(dir);
  return { name: `ctx (this repository, ${version("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"])})`, files: files.length, fullSeconds: median(full), peakMib: peakKib / 1024, ...cacheFigures(dir, files) };
}

function benchCorpus(corpus, { astGrep, oxcEntry }) {
  const { dir } = corpus;
  const runs = corpus.files && corpus.files >= 50000 ? 1 : 3;
  // Warm-up: the file system cache, and the list of files ctx indexes, which ctags then gets too.
  rmSync(join(dir, ".ai"), { recursive: true, force: true });
  timed("node", [CTX, "index", "--quiet"], dir);
  const { files, names } = readIndex(dir);
  const cache = cacheFigures(dir, files);
  const list = join(WORK, `${corpus.name.replace(/[^\w.-]+/g, "_")}.files`);
  writeFileSync(list, `${files.join("\n")}\n`);

  const full = [];
  const ctags = [];
  const astGrepRuns = [];
  let peakKib = 0;
  const fullPhases = [];
  for (let run = 0; run < runs; run += 1) {
    rmSync(join(dir, ".ai"), { recursive: true, force: true });
    const ctx = timed("node", [CTX, "index", "--json"], dir);
    if (ctx.code !== 0) throw new Error(`ctx index failed in ${dir}`);
    full.push(ctx.seconds);
    fullPhases.push(JSON.parse(ctx.stdout).phases);
    peakKib = Math.max(peakKib, ctx.kib);
    ctags.push(timed("ctags", ["-f", join(WORK, "tags"), "-L", list], dir).seconds);
    if (astGrep) astGrepRuns.push(timeAstGrep(astGrep, dir, list));
  }

  // Incremental: one edited file per run (a new function appended), as a commit hook sees it.
  const incremental = [];
  const incrementalPhases = [];
  for (let run = 0; run < runs; run += 1) {
    const file = files[(run * 7919) % files.length];
    appendFileSync(join(dir, file), `\nexport function benchEdit${run}_${Date.now()}(): number {\n  return ${run};\n}\n`);
    const result = timed("node", [CTX, "index", "--json"], dir);
    if (result.code !== 0) throw new Error(`incremental ctx index failed in ${dir}`);
    incremental.push(result.seconds);
    incrementalPhases.push(JSON.parse(result.stdout).phases);
  }
  execFileSync("git", ["checkout", "--", "."], { cwd: dir });
  timed("node", [CTX, "index", "--quiet"], dir);

  // Cold traverse: a fresh process per query, interleaved with the references to share the noise.
  const next = random(42);
  const sample = Array.from({ length: TRAVERSE_SAMPLES }, () => names[Math.floor(next() * names.length)]);
  const traverse = [];
  const brief = [];
  const node = [];
  const startUp = [];
  const traversePhases = [];
  const briefPhases = [];
  const rg = [];
  const ctxTokens = [];
  const rgTokens = [];
  let hits = 0;
  for (const name of sample) {
    node.push(wall("node", ["-e", "0"], dir).ms);
    // ctx's own start-up (its entry, commander, every command's definition) and no work: the floor of any command.
    startUp.push(wall("node", [CTX, "--version"], dir).ms);
    // --timings: the phases on stderr, one JSON line; stdout is the answer as without it.
    const answer = wall("node", [CTX, "traverse", "Symbol", name, "--timings"], dir);
    traverse.push(answer.ms);
    traversePhases.push(JSON.parse(answer.stderr.trim().split("\n").pop()).phases);
    if (answer.code === 0) hits += 1;
    // A brief of a task naming the symbol: the whole routing (git, index, ranking), read-only.
    const routed = wall("node", [CTX, "brief", `fix ${name} when the input is empty`, "--timings"], dir);
    if (routed.code !== 0) throw new Error(`ctx brief failed in ${dir}`);
    brief.push(routed.ms);
    briefPhases.push(JSON.parse(routed.stderr.trim().split("\n").pop()).phases);
    const search = wall("rg", ["-n", "-w", name, "."], dir);
    rg.push(search.ms);
    ctxTokens.push(encode(answer.stdout).length);
    rgTokens.push(encode(search.stdout).length);
  }
  const reads = benchReads(dir, sample);
  const parsers = corpus.name === "synthetic-7k" && oxcEntry ? raceParsers(dir, list, oxcEntry) : null;
  const commits = benchCommit(dir, files, runs);
  const traverseKib = timed("node", [CTX, "traverse", "Symbol", sample[0]], dir).kib;
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  return {
    name: corpus.name,
    files: files.length,
    symbols: readFileSync(join(dir, ".ai/symbol_index.md"), "utf8").match(/(\d+) symbols in/)?.[1] ?? "?",
    fullSeconds: median(full),
    ctagsSeconds: median(ctags),
    astGrepSeconds: astGrep ? median(astGrepRuns) : null,
    incrementalSeconds: median(incremental),
    fullPhases: medianPhases(fullPhases),
    incrementalPhases: medianPhases(incrementalPhases),
    traverseMs: median(traverse),
    briefMs: median(brief),
    nodeMs: median(node),
    startUpMs: median(startUp),
    traversePhases: medianPhases(traversePhases),
    briefPhases: medianPhases(briefPhases),
    rgMs: median(rg),
    hits,
    peakMib: peakKib / 1024,
    traverseMib: traverseKib / 1024,
    tokenRatioSum: sum(ctxTokens) / sum(rgTokens),
    tokenRatioMedian: median(ctxTokens.map((t, i) => t / Math.max(1, rgTokens[i]))),
    ...commits,
    ...reads,
    parsers,
    ...cache,
    ctxTokens: median(ctxTokens),
    rgTokens: median(rgTokens),
  };
}

/**
 * Reads, cold, interleaved with `node -e 0`: `ctx show <name>` (the file unchanged: no parse),
 * `ctx outline <its file>`, and, for the first five names, `ctx show <path>:<name>` right after
 * the file was edited (parsed on the spot); each edit is undone afterwards.
 */
function benchReads(dir, sample) {
  const node = [];
  const show = [];
  const outline = [];
  const parsed = [];
  const caller = [];
  const impact = [];
  const flow = [];
  for (const [i, name] of sample.entries()) {
    node.push(wall("node", ["-e", "0"], dir).ms);
    // One level of callers, with every line naming it accounted for (the whole tree read for the name).
    caller.push(wall("node", [CTX, "traverse", "Caller", name], dir).ms);
    // Transitive: everything that reaches it, at any depth; and what it runs, to the default budget.
    impact.push(wall("node", [CTX, "traverse", "Impact", name], dir).ms);
    flow.push(wall("node", [CTX, "traverse", "Flow", name], dir).ms);
    const shown = wall("node", [CTX, "show", name, "--json"], dir);
    show.push(shown.ms);
    const path = JSON.parse(shown.stdout).matches?.[0]?.path;
    if (!path) continue;
    outline.push(wall("node", [CTX, "outline", path], dir).ms);
    if (i >= 5) continue;
    appendFileSync(join(dir, path), "\n// bench: an edit since indexing\n");
    parsed.push(wall("node", [CTX, "show", `${path}:${name}`], dir).ms);
    execFileSync("git", ["checkout", "--", path], { cwd: dir });
  }
  return { readsNodeMs: median(node), showMs: median(show), outlineMs: median(outline), showParsedMs: median(parsed), callerMs: median(caller), impactMs: median(impact), flowMs: median(flow) };
}

/**
 * `git commit` of a one-file edit with ctx's hook installed (found on PATH, as a global install would be), against
 * the same kind of commit with `--no-verify`, interleaved; the corpus is put back to its commit afterwards.
 */
function benchCommit(dir, files, runs) {
  const repository = hookedRepository(dir, CTX, WORK);
  const { git: gitIn, start } = repository;
  const commit = (verify, run) => {
    const file = files[(run * 104729 + (verify ? 1 : 2)) % files.length];
    appendFileSync(join(dir, file), `\nexport function benchCommit${run}${verify ? "a" : "b"}(): number {\n  return ${run};\n}\n`);
    gitIn("add", "--", file);
    return repository.commit(verify, `bench ${run}`);
  };
  const hooked = [];
  const plain = [];
  for (let run = 0; run < Math.max(runs, 5); run += 1) {
    plain.push(commit(false, run));
    hooked.push(commit(true, run));
  }
  // The hook's own run, by phase (`ctx hook run --json`), on the same kind of staged edit.
  const hookPhases = [];
  for (let run = 0; run < Math.max(runs, 5); run += 1) {
    const file = files[(run * 15485863 + 3) % files.length];
    appendFileSync(join(dir, file), `\nexport function benchHook${run}(): number {\n  return ${run};\n}\n`);
    gitIn("add", "--", file);
    const result = wall("node", [CTX, "hook", "run", "--json"], dir);
    if (result.code !== 0) throw new Error(`ctx hook run failed in ${dir}`);
    hookPhases.push([...JSON.parse(result.stdout).phases, { phase: "total (process)", ms: result.ms }]);
    gitIn("commit", "-q", "--no-verify", "-m", `bench hook ${run}`);
  }
  repository.close();
  gitIn("reset", "-q", "--hard", start);
  timed("node", [CTX, "index", "--quiet"], dir);
  return { commitHookMs: median(hooked), commitPlainMs: median(plain), hookPhases: medianPhases(hookPhases) };
}

function version(command, args) {
  try {
    return execFileSync(command, args, { encoding: "utf8" }).split("\n")[0].trim();
  } catch {
    return "not installed";
  }
}

const fmt = (value, digits = 2) => value.toFixed(digits);
const verdict = (ok) => (ok ? "met" : "**not met**");

function main() {
  for (const tool of ["ctags", "rg"]) {
    if (version(tool, ["--version"]) === "not installed") {
      console.error(`bench: ${tool} is not installed; run: apt-get install universal-ctags ripgrep`);
      process.exit(2);
    }
  }
  const tools = installRegistryTools();
  const { astGrep } = tools;
  const corpora = QUICK ? [REAL_CORPORA[0], SYNTHETIC_CORPORA[0]] : [...REAL_CORPORA, ...SYNTHETIC_CORPORA];
  const results = [];
  for (const spec of corpora) {
    console.error(`bench: preparing ${spec.name}`);
    const corpus = prepareCorpus(spec);
    console.error(`bench: measuring ${spec.name}`);
    const result = benchCorpus(corpus, tools);
    console.error(JSON.stringify(result));
    results.push(result);
  }
  console.error("bench: measuring this repository");
  const self = benchSelf();
  console.error(JSON.stringify(self));

  const commit = version("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"]);
  const dirty = execFileSync("git", ["-C", ROOT, "status", "--porcelain", "--", "src", "scripts"], { encoding: "utf8" }).trim() ? " + uncommitted changes" : "";
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)} on this machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB;`,
    `node ${process.version}; ${version("ctags", ["--version"])}; ${version("rg", ["--version"])}; ${astGrep ? `${astGrep.version} (${AST_GREP}, from the npm registry)` : "ast-grep not installed"}; ctx at ${commit}${dirty}.`,
    `Command: \`npm run bench${QUICK ? " -- --quick" : ""}\`. Medians of ${TRAVERSE_SAMPLES} sampled symbol names per corpus for traverse, brief (\`ctx brief "fix <name> when the input is empty"\`) and tokens; of 3 runs for index times (1 on 50k).`,
    "ctags gets exactly the files ctx indexed (`ctags -L <list>`), and so does ast-grep (`ast-grep scan --json=stream` with a rule per language matching the declarations ctx indexes; all cores); rg searches the corpus root, as an agent would.",
    "",
    "| corpus | files | symbols | full index | ctags | full / ctags | ast-grep | full / ast-grep | incremental | incr / full | traverse | node -e 0 | trav / node | brief | brief / node | rg -n -w | trav / rg | peak RSS index | RSS traverse | tokens ctx / rg (sum) | (median per query) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.files} | ${r.symbols} | ${fmt(r.fullSeconds)} s | ${fmt(r.ctagsSeconds)} s | ${fmt(r.fullSeconds / r.ctagsSeconds)}× | ${r.astGrepSeconds === null ? "–" : `${fmt(r.astGrepSeconds)} s`} | ${r.astGrepSeconds === null ? "–" : `${fmt(r.fullSeconds / r.astGrepSeconds)}×`} | ${fmt(r.incrementalSeconds)} s | ${fmt(r.incrementalSeconds / r.fullSeconds)}× | ${fmt(r.traverseMs, 0)} ms | ${fmt(r.nodeMs, 0)} ms | ${fmt(r.traverseMs / r.nodeMs)}× | ${fmt(r.briefMs, 0)} ms | ${fmt(r.briefMs / r.nodeMs)}× | ${fmt(r.rgMs, 0)} ms | ${fmt(r.traverseMs / r.rgMs)}× | ${fmt(r.peakMib, 0)} MiB | ${fmt(r.traverseMib, 0)} MiB | ${fmt(r.tokenRatioSum, 3)}× | ${fmt(r.tokenRatioMedian, 3)}× |`,
    ),
    "",
  ];
  lines.push(
    "A one-file commit with ctx's pre-commit hook (incremental index, index files staged) beside the same commit with `--no-verify`; medians of 5 interleaved commits per corpus:",
    "",
    "| corpus | commit with hook | commit without | hook adds | with / without |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.name} | ${fmt(r.commitHookMs, 0)} ms | ${fmt(r.commitPlainMs, 0)} ms | ${fmt(r.commitHookMs - r.commitPlainMs, 0)} ms | ${fmt(r.commitHookMs / r.commitPlainMs)}× |`),
    "",
  );
  // Where an index run's time goes (`ctx index --json` phases): what is left to cut, phase by phase.
  for (const [title, key] of [
    ["`ctx traverse Symbol <name> --timings` by phase (start-up: the process until the command's code runs, modules and commander included), medians in ms", "traversePhases"],
    ["`ctx brief \"fix <name> when the input is empty\" --timings` by phase (git runs from the start, beside the rest: its phase is what is left to wait for), medians in ms", "briefPhases"],
    ["`ctx hook run --json` of a staged one-file edit, as the pre-commit hook runs it, by phase (start-up: the process until the hook's code runs; the process's wall time last), medians in ms", "hookPhases"],
    ["The incremental index (one edited file) by phase, medians in ms", "incrementalPhases"],
    ["The full index by phase, medians in ms", "fullPhases"],
  ]) {
    const phases = [...new Set(results.flatMap((r) => r[key].map((p) => p.phase)))];
    lines.push(
      `${title}:`,
      "",
      `| corpus | ${phases.join(" | ")} |`,
      `| --- | ${phases.map(() => "---:").join(" | ")} |`,
      ...results.map((r) => `| ${r.name} | ${phases.map((phase) => fmt(r[key].find((p) => p.phase === phase)?.ms ?? 0, 0)).join(" | ")} |`),
      "",
    );
  }
  lines.push(
    "Reads: `ctx show <name>` of the sampled names (file unchanged), `ctx outline` of its file, and `ctx show <path>:<name>` right after that file was edited (parsed on the spot; first 5 names); medians, interleaved with `node -e 0`:",
    "",
    "| corpus | show | outline | show, file edited | node -e 0 | show / node | outline / node | edited / node |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.name} | ${fmt(r.showMs, 0)} ms | ${fmt(r.outlineMs, 0)} ms | ${fmt(r.showParsedMs, 0)} ms | ${fmt(r.readsNodeMs, 0)} ms | ${fmt(r.showMs / r.readsNodeMs)}× | ${fmt(r.outlineMs / r.readsNodeMs)}× | ${fmt(r.showParsedMs / r.readsNodeMs)}× |`),
    "",
  );
  lines.push(
    "Callers: `ctx traverse Caller <name>` of the sampled names (every site at one level, and every other line naming it in the indexed files read and accounted for), against `rg -n -w <name>` over the corpus and `node -e 0`; medians:",
    "",
    "| corpus | Caller | rg -n -w | node -e 0 | Caller / rg | Caller / node |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.name} | ${fmt(r.callerMs, 0)} ms | ${fmt(r.rgMs, 0)} ms | ${fmt(r.readsNodeMs, 0)} ms | ${fmt(r.callerMs / r.rgMs)}× | ${fmt(r.callerMs / r.readsNodeMs)}× |`),
    "",
    "Transitive: `ctx traverse Impact <name>` (every caller at any depth, collapsed to entry points, each file the walk rests on re-hashed) and `ctx traverse Flow <name>` (its call tree to the default budget) of the same names, against `node -e 0` in the same loop; medians (goal ≤ 2× `node -e 0` on the 7k corpus):",
    "",
    "| corpus | Impact | Flow | node -e 0 | Impact / node | Flow / node |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.name} | ${fmt(r.impactMs, 0)} ms | ${fmt(r.flowMs, 0)} ms | ${fmt(r.readsNodeMs, 0)} ms | ${fmt(r.impactMs / r.readsNodeMs)}× | ${fmt(r.flowMs / r.readsNodeMs)}× |`),
    "",
  );
  const mib = (bytes) => `${fmt(bytes / 2 ** 20)} MiB`;
  const withinBounds = (r) => r.cacheBytes <= CACHE_BOUNDS.ratio * r.sourceBytes && r.largestEntry <= CACHE_BOUNDS.largestBytes;
  lines.push(
    `The cache (.ai/.cache) after a full index, and the full index per file; bounds: cache ≤ ${CACHE_BOUNDS.ratio}× the indexed source, no per-file entry (a line of files.jsonl, a call summary, a file's rendered rows) over ${mib(CACHE_BOUNDS.largestBytes)}. The last row is a clone of this repository (median of 3 full runs):`,
    "",
    "| corpus | files | source | cache | cache / source | largest entry | in | full index | per file | peak RSS | within bounds |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |",
    ...[...results, self].map(
      (r) =>
        `| ${r.name} | ${r.files} | ${mib(r.sourceBytes)} | ${mib(r.cacheBytes)} | ${fmt(r.cacheBytes / r.sourceBytes)}× | ${fmt(r.largestEntry / 1024, 1)} KiB | ${r.largestIn.replace(/\|/g, "\\|")} | ${fmt(r.fullSeconds)} s | ${fmt((r.fullSeconds * 1000) / r.files, 1)} ms | ${fmt(r.peakMib, 0)} MiB | ${withinBounds(r) ? "yes" : "**no**"} |`,
    ),
    "",
  );
  const target = results.find((r) => r.name === "synthetic-7k") ?? results[results.length - 1];
  const large = results.find((r) => r.name === "synthetic-50k");
  const small = results.find((r) => r.name === "synthetic-5k");
  const hookAdds = (r) => r.commitHookMs - r.commitPlainMs;
  const perFile = (r) => r.fullSeconds / r.files;
  const goals = [
    [`hook adds ≤ 300 ms (${target.name})`, `${fmt(hookAdds(target), 0)} ms`, hookAdds(target) <= 300],
    [`incremental ≤ 0.1× full (${target.name})`, `${fmt(target.incrementalSeconds / target.fullSeconds)}×`, target.incrementalSeconds / target.fullSeconds <= 0.1],
    [`full index ≤ 2× ctags (${target.name})`, `${fmt(target.fullSeconds / target.ctagsSeconds)}×`, target.fullSeconds / target.ctagsSeconds <= 2],
    ...(target.astGrepSeconds === null ? [] : [[`full index faster than ast-grep (${target.name})`, `${fmt(target.fullSeconds / target.astGrepSeconds)}×`, target.fullSeconds < target.astGrepSeconds]]),
    [`traverse ≤ 1.3× node -e 0 (${target.name})`, `${fmt(target.traverseMs / target.nodeMs)}×`, target.traverseMs / target.nodeMs <= 1.3],
    [`brief ≤ 2.5× node -e 0 (${target.name})`, `${fmt(target.briefMs / target.nodeMs)}×`, target.briefMs / target.nodeMs <= 2.5],
    ...(large
      ? [
          [`hook adds ≤ 1 s (${large.name})`, `${fmt(hookAdds(large), 0)} ms`, hookAdds(large) <= 1000],
          [`peak RSS ≤ 1 GiB (${large.name})`, `${fmt(large.peakMib, 0)} MiB`, large.peakMib <= 1024],
          ...(small ? [[`full index per file ≤ 1.3× ${small.name}'s (${large.name})`, `${fmt(perFile(large) / perFile(small))}×`, perFile(large) / perFile(small) <= 1.3]] : []),
        ]
      : []),
  ];
  const fullPhaseNames = [...new Set(results.flatMap((r) => r.fullPhases.map((p) => p.phase)))];
  lines.push(
    "Resident memory (MiB, worker threads included) at the end of each phase of the full index, medians, beside the run's peak:",
    "",
    `| corpus | ${fullPhaseNames.join(" | ")} | peak |`,
    `| --- | ${fullPhaseNames.map(() => "---:").join(" | ")} | ---: |`,
    ...results.map((r) => `| ${r.name} | ${fullPhaseNames.map((phase) => fmt(r.fullPhases.find((p) => p.phase === phase)?.rssMiB ?? 0, 0)).join(" | ")} | ${fmt(r.peakMib, 0)} |`),
    "",
    "A lookup's time in parts, medians of the same samples: node's own start (`node -e 0`), ctx's start-up (`ctx --version`: its entry, commander and every command's definition, no work), and what `traverse Symbol` and `brief` add to that:",
    "",
    "| corpus | node -e 0 | ctx --version | start-up over node | traverse | traverse over start-up | brief | brief over start-up |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.name} | ${fmt(r.nodeMs, 0)} ms | ${fmt(r.startUpMs, 0)} ms | ${fmt(r.startUpMs - r.nodeMs, 0)} ms | ${fmt(r.traverseMs, 0)} ms | ${fmt(r.traverseMs - r.startUpMs, 0)} ms | ${fmt(r.briefMs, 0)} ms | ${fmt(r.briefMs - r.startUpMs, 0)} ms |`),
    "",
  );
  const raced = results.filter((r) => r.parsers);
  if (raced.length > 0) {
    lines.push(
      `Parsing alone: every indexed file parsed into a JavaScript AST by the compiler's parser (what ctx's extractors read) and by ${OXC_PARSER} (native; on Node 20 its AST reaches JavaScript deserialized, its raw transfer needing Node 22), one process, median of 3 rounds (scripts/parser-race.mjs):`,
      "",
      "| corpus | files | TypeScript parser | oxc-parser | oxc / TypeScript |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...raced.map((r) => `| ${r.name} | ${r.parsers.files} | ${fmt(r.parsers.typescriptMs, 0)} ms | ${fmt(r.parsers.oxcMs, 0)} ms | ${fmt(r.parsers.oxcMs / r.parsers.typescriptMs)}× |`),
      "",
    );
  }
  lines.push(
    "Issue 25's goals (cost proportional to the change); where one is not met, the tables above break its cost down (time and memory by phase, a lookup's start-up apart from its work):",
    "",
    "| goal | measured | verdict |",
    "| --- | ---: | --- |",
    ...goals.map(([goal, measured, ok]) => `| ${goal} | ${measured} | ${verdict(ok)} |`),
    "",
  );
  lines.push(
    `Earlier targets, on the ~7k-file corpus (${target.name}, ${target.files} files):`,
    "",
    "| target | measured | verdict |",
    "| --- | ---: | --- |",
    `| full index ≤ 1.5× ctags | ${fmt(target.fullSeconds / target.ctagsSeconds)}× | ${verdict(target.fullSeconds / target.ctagsSeconds <= 1.5)} |`,
    `| incremental ≤ 0.1× full | ${fmt(target.incrementalSeconds / target.fullSeconds)}× | ${verdict(target.incrementalSeconds / target.fullSeconds <= 0.1)} |`,
    `| traverse ≤ 1.5× node -e 0 | ${fmt(target.traverseMs / target.nodeMs)}× | ${verdict(target.traverseMs / target.nodeMs <= 1.5)} |`,
    `| brief ≤ 3× node -e 0 | ${fmt(target.briefMs / target.nodeMs)}× | ${verdict(target.briefMs / target.nodeMs <= 3)} |`,
    `| peak memory ≤ 512 MiB | ${fmt(target.peakMib, 0)} MiB | ${verdict(target.peakMib <= 512)} |`,
    `| answer tokens ≤ 0.1× rg | ${fmt(target.tokenRatioSum, 3)}× | ${verdict(target.tokenRatioSum <= 0.1)} |`,
    `| show, outline ≤ 1.3× node -e 0 (file unchanged) | ${fmt(target.showMs / target.readsNodeMs)}×, ${fmt(target.outlineMs / target.readsNodeMs)}× | ${verdict(target.showMs / target.readsNodeMs <= 1.3 && target.outlineMs / target.readsNodeMs <= 1.3)} |`,
    `| show ≤ 2× node -e 0 (file edited, parsed) | ${fmt(target.showParsedMs / target.readsNodeMs)}× | ${verdict(target.showParsedMs / target.readsNodeMs <= 2)} |`,
    "",
  );
  replaceSection(join(ROOT, "BENCHMARKS.md"), "bench", lines.join("\n"));
  console.error("bench: wrote BENCHMARKS.md");
}

main();
