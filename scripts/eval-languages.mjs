// Symbols of the tree-sitter languages against each language's own parser (issues 26 and 41): one
// module per language in scripts/languages/ names its repositories and its oracle (Python's `ast`,
// Go's go/parser, javac's tree API, …), over fetched repositories checked out at pinned commits. Every declaration is compared, not a sample:
//   recall    = oracle declarations ctx's symbol index holds (same path, container, name and line) / oracle declarations
//   precision = ctx's rows the oracle declares / ctx's rows
// over the files both parse (a file the oracle cannot parse, such as Python 2, is counted apart).
// Writes BENCHMARKS.md (eval-languages); `node scripts/eval-languages.mjs` runs this part alone.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkoutFetched, fetchedRepos, WORK } from "./corpora.mjs";
import { indexText } from "./index-text.mjs";
import { replaceSection } from "./report.mjs";
import { parseSymbolIndex } from "../dist/formats/symbol-index.js";
import { parseCallIndex } from "../dist/formats/call-index.js";
import { readFileSync, writeFileSync } from "node:fs";
import { random } from "./random.mjs";
import { sample } from "./eval-calls.mjs";
import { selectSourceFiles } from "../dist/core/index/select-files.js";
import { DEFAULT_CONFIG } from "../dist/core/index/index-config.js";
import { LANGUAGES } from "./languages/index.mjs";
import { handCheckedDeclarations } from "./languages/hand-checked.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CTX = join(ROOT, "bin", "ctx.js");

/** Every language's repositories, each at the commit it was measured at (scripts/languages/<language>.mjs). */
export const LANGUAGE_REPOS = LANGUAGES.flatMap((entry) => entry.repos.map((repo) => ({ ...repo, language: entry.language })));

const byLanguage = new Map(LANGUAGES.map((entry) => [entry.language, entry]));
const ownsPath = (language, path) => byLanguage.get(language).extensions.some((extension) => path.endsWith(extension));
// Sources of every language with the build files that decide their imports, and documentation and configuration.
export const KEPT = /\.(py|go|mod|java|gradle|kts|xml|properties|cs|csproj|props|sln|rs|php|rb|rake|gemspec|ru|json|md|ya?ml|toml|cfg|txt|lock)$|(^|\/)Gemfile$/;

/** @returns {{ declarations: any[], unparsable: string[] }} */
function oracleDeclarations(language, dir, files) {
  const [command, args] = byLanguage.get(language).oracle(dir);
  const run = spawnSync(command, args, { input: files.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`${language} oracle failed: ${run.stderr}`);
  const declarations = [];
  const unparsable = [];
  for (const line of run.stdout.split("\n")) {
    if (!line) continue;
    const item = JSON.parse(line);
    if (item.error !== undefined) unparsable.push(item.path);
    else declarations.push(item);
  }
  return { declarations, unparsable };
}

/** Resolved call sites sampled per language and set, hand-checked in scripts/call-samples/<language>.tsv. */
export const CALL_SAMPLES = { tuning: 100, "held-out": 50 };

/** Where a resolved call's verdict is kept: repository, site, callee and target. */
const sampleKey = (repo, edge) => `${repo}\t${edge.path}:${edge.line}:${edge.column}\t${edge.callee}\t${edge.target.path}:${edge.target.line}`;

/** The verdicts written by hand: key → { verdict: "yes" | "no", reason }. */
function readVerdicts(language) {
  const verdicts = new Map();
  const file = join(ROOT, "scripts", "call-samples", `${language}.tsv`);
  if (!existsSync(file)) return verdicts;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [repo, site, callee, target, verdict, reason] = line.split("\t");
    verdicts.set(`${repo}\t${site}\t${callee}\t${target}`, { verdict, reason });
  }
  return verdicts;
}

/** The resolved sites sampled from one repository (its share of CALL_SAMPLES), with the lines a checker reads. */
function sampleCalls(repo, dir, share) {
  // Calls only: a function handed on by name (`value`, a route's handler) is a reference, not a call site.
  const edges = parseCallIndex(indexText(dir, "call_index.md")).filter((edge) => edge.target !== null && edge.via !== "value" && ownsPath(repo.language, edge.path));
  const lineOf = (path, line) => readFileSync(join(dir, path), "utf8").split("\n")[line - 1]?.trim() ?? "";
  return sample(edges, share, random(2026)).map((edge) => ({
    key: sampleKey(repo.name, edge),
    caller: edge.caller,
    site: lineOf(edge.path, edge.line),
    callee: edge.callee,
    kind: edge.target.kind,
    declaration: lineOf(edge.target.path, edge.target.line),
  }));
}

const keyOf = (d) => `${d.path}\0${d.container}\0${d.name}\0${d.line}`;

export function evaluateLanguageRepo(repo) {
  const dir = join(WORK, "languages", repo.name.replace("/", "+"));
  checkoutFetched(repo.git, repo.commit, dir, KEPT);
  execFileSync("node", [CTX, "index", "-q"], { cwd: dir, stdio: "inherit" });
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 }).split("\0").filter(Boolean);
  const files = selectSourceFiles(listed, DEFAULT_CONFIG).filter((path) => ownsPath(repo.language, path));
  // A language without a parser oracle (C#) is compared over the files of its hand-checked sample only.
  const entry = byLanguage.get(repo.language);
  const { declarations, unparsable, only } = entry.oracle ? oracleDeclarations(repo.language, dir, files) : handCheckedDeclarations(entry.handChecked, repo, files);
  const skip = new Set(unparsable);
  const compared = only ? new Set(only) : undefined;
  const rows = parseSymbolIndex(indexText(dir, "symbol_index.md")).filter((row) => ownsPath(repo.language, row.path) && !skip.has(row.path) && (!compared || compared.has(row.path)));
  const ours = new Map(rows.map((row) => [keyOf(row), row]));
  const theirs = new Map(declarations.map((d) => [keyOf(d), d]));
  const missed = declarations.filter((d) => !ours.has(keyOf(d)));
  const extra = rows.filter((row) => !theirs.has(keyOf(row)));
  const kindsDiffer = declarations.filter((d) => ours.has(keyOf(d)) && ours.get(keyOf(d)).kind !== d.kind);
  const stats = JSON.parse(execFileSync("node", [CTX, "index", "--json"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 })).calls;
  // Each set's repositories share its samples equally: the tuning ones' verdicts were read to fix extraction, the held-out ones' are only counted.
  const sampled = LANGUAGE_REPOS.filter((known) => known.language === repo.language && known.set === repo.set);
  const position = sampled.findIndex((known) => known.name === repo.name);
  const count = CALL_SAMPLES[repo.set] ?? 0;
  const share = position < 0 ? 0 : Math.floor(count / sampled.length) + (position < count % sampled.length ? 1 : 0);
  const verdicts = readVerdicts(repo.language);
  const samples = (share > 0 ? sampleCalls(repo, dir, share) : []).map((item) => ({ ...item, ...(verdicts.get(item.key) ?? { verdict: "unchecked", reason: "" }) }));
  return {
    name: repo.name,
    set: repo.set,
    language: repo.language,
    commit: repo.commit,
    files: only ? only.length : files.length,
    unparsable: unparsable.length,
    oracle: declarations.length,
    rows: rows.length,
    recalled: declarations.length - missed.length,
    confirmed: rows.length - extra.length,
    kindsAgree: declarations.length - missed.length - kindsDiffer.length,
    missed: missed.slice(0, 20),
    extra: extra.slice(0, 20).map((row) => ({ path: row.path, container: row.container, name: row.name, kind: row.kind, line: row.line })),
    kindsDiffer: kindsDiffer.slice(0, 20),
    calls: stats,
    samples,
  };
}

const pct = (a, b) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(2)}%`);

export function languagesReport(results, { commit, command }) {
  const row = (r) =>
    `| ${r.name} (${r.set}) | ${r.language} | \`${r.commit.slice(0, 10)}\` | ${r.files} | ${r.unparsable} | ${r.oracle} | ${r.recalled} | ${pct(r.recalled, r.oracle)} | ${r.rows} | ${r.confirmed} | ${pct(r.confirmed, r.rows)} | ${pct(r.kindsAgree, r.recalled)} |`;
  const total = (language, set) => {
    const of = results.filter((r) => r.language === language && r.set === set);
    if (of.length === 0) return undefined;
    const sum = (key) => of.reduce((s, r) => s + r[key], 0);
    return `| **${language}, ${set}** | ${language} | | ${sum("files")} | ${sum("unparsable")} | ${sum("oracle")} | ${sum("recalled")} | ${pct(sum("recalled"), sum("oracle"))} | ${sum("rows")} | ${sum("confirmed")} | ${pct(sum("confirmed"), sum("rows"))} | ${pct(sum("kindsAgree"), sum("recalled"))} |`;
  };
  return [
    `Run of ${new Date().toISOString().slice(0, 10)}, ctx at ${commit}. Command: \`${command}\`. Oracles: ${measuredLanguages(results).map((entry) => entry.oracleName()).join(", ")}.`,
    "Every declaration in scope is compared, not a sample. Scope —",
    ...measuredLanguages(results).map((entry) => `- ${entry.language}: ${entry.scope}.`),
    "A declaration matches when path, container, name and first line (decorators included) are equal; kinds are compared on the matches.",
    "",
    "| repository | language | commit | files | unparsable by the oracle (left out) | oracle declarations | recalled | recall | ctx rows | confirmed | precision | kinds agree |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(row),
    ...measuredLanguages(results).map((entry) => entry.language).flatMap((language) => [total(language, "tuning"), total(language, "held-out")].filter(Boolean)),
    "",
    `Callers: ${CALL_SAMPLES.tuning} resolved call sites per language from the tuning repositories and ${CALL_SAMPLES["held-out"]} from the held-out ones, sampled (seed 2026) from call_index.md in equal shares, each`,
    "checked by hand against the source: the verdict and its reason are in scripts/call-samples/<language>.tsv. A sample no verdict covers",
    "(the extraction changed since) counts as unchecked. Unresolved share: unresolved sites (kept as candidates by name) over the sites",
    "that name something the repository declares (resolved + unresolved); calls of the standard library and of packages are apart.",
    "",
    "| language | repositories | sampled | checked | correct | precision | resolved sites | unresolved sites | unresolved share | outside the repository |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...measuredLanguages(results).flatMap(({ language }) => ["tuning", "held-out"].map((set) => [language, set])).filter(([language, set]) => results.some((r) => r.language === language && r.set === set)).map(([language, set]) => {
      // A language whose call sites ctx does not extract yet: its repositories' call counts are other languages' files.
      if (!byLanguage.get(language).calls) return `| ${language} | ${set} | calls not extracted yet | | | | | | | |`;
      const of = results.filter((r) => r.language === language && r.set === set);
      const samples = of.flatMap((r) => r.samples);
      const checked = samples.filter((item) => item.verdict === "yes" || item.verdict === "no");
      const correct = checked.filter((item) => item.verdict === "yes").length;
      const calls = of.reduce((sum, r) => ({ resolved: sum.resolved + r.calls.resolved, unresolved: sum.unresolved + r.calls.unresolved, external: sum.external + r.calls.external }), { resolved: 0, unresolved: 0, external: 0 });
      return `| ${language} | ${set} | ${samples.length} | ${checked.length} | ${correct} | ${samples.length === 0 ? "–" : pct(correct, checked.length)} | ${calls.resolved} | ${calls.unresolved} | ${pct(calls.unresolved, calls.resolved + calls.unresolved)} | ${calls.external} |`;
    }),
    "",
    // Held-out repositories' disagreements are counted, not listed: reading them would make them tuning ones.
    ...results.filter((r) => r.set !== "held-out").flatMap((r) => r.samples.filter((item) => item.verdict === "no").map((item) => `- wrong (${r.name}): ${item.key.split("\t").slice(1).join(" ")} — ${item.reason}`)),
    "",
  ].join("\n");
}

/** The languages `results` measured, in LANGUAGES' order. */
function measuredLanguages(results) {
  return LANGUAGES.filter((entry) => results.some((r) => r.language === entry.language));
}

export function languageRepos() {
  // CTX_EVAL_LANGUAGES=java,ruby measures those languages' repositories alone.
  const only = process.env.CTX_EVAL_LANGUAGES?.split(",").filter(Boolean);
  return fetchedRepos("CTX_EVAL_LANGUAGE_REPOS", LANGUAGE_REPOS)
    .map((repo) => ({ ...repo, ...LANGUAGE_REPOS.find((known) => known.name === repo.name) }))
    .filter((repo) => !only || only.includes(repo.language));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const results = languageRepos().map((repo) => {
    const result = evaluateLanguageRepo(repo);
    console.log(`${repo.name}: recall ${pct(result.recalled, result.oracle)}, precision ${pct(result.confirmed, result.rows)}`);
    if (process.env.CTX_EVAL_VERBOSE) console.log(JSON.stringify({ missed: result.missed, extra: result.extra, kindsDiffer: result.kindsDiffer }, null, 1));
    return result;
  });
  const report = languagesReport(results, { commit, command: "node scripts/eval-languages.mjs" });
  // A run of some languages only (CTX_EVAL_LANGUAGES) prints its report: the section holds every language's.
  if (process.env.CTX_EVAL_LANGUAGES) console.log(report);
  else replaceSection(join(ROOT, "BENCHMARKS.md"), "eval-languages", report);
  // `--samples <file>`: the sampled call sites without a verdict, one JSON line each, for checking by hand.
  const at = process.argv.indexOf("--samples");
  if (at >= 0) {
    const unchecked = results.flatMap((r) => r.samples.filter((item) => item.verdict === "unchecked").map((item) => JSON.stringify({ language: r.language, checkout: join(WORK, "languages", r.name.replace("/", "+")), ...item })));
    writeFileSync(process.argv[at + 1], unchecked.join("\n") + "\n");
    console.log(`${unchecked.length} unchecked samples written to ${process.argv[at + 1]}`);
  }
}
