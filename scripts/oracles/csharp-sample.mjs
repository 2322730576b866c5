// C#'s symbol check without a parser oracle (none with a tree API is packaged for Debian): ten files
// per repository of scripts/languages/csharp.mjs, sampled with a fixed seed, whose declarations in
// scope were written by hand, from reading each file whole, into scripts/symbol-samples/csharp.tsv.
//
//   node scripts/oracles/csharp-sample.mjs list    the sampled files and ctx's rows for them, to check by hand
//   node scripts/oracles/csharp-sample.mjs score   recall and precision of ctx's rows against the hand-written ones
//
// Both read the checkouts scripts/eval-languages.mjs made and indexed (/tmp/ctx-measure/languages/<owner>+<name>):
// run `CTX_EVAL_LANGUAGES=csharp node scripts/eval-languages.mjs` first.
//
// csharp.tsv, tab-separated, `#` comments: repo, path, line, container, name, kind, reason.
//   - one `file` row (line 0) per sampled file: it was read whole, every declaration in it is listed;
//   - one row per declaration the file really has, with its kind; a reason when ctx lacks it or disagrees on its kind;
//   - kind `-` for a row ctx has that is no declaration in scope, with the reason;
//   - kind `error` (line 0) for a file that is not C# a compiler accepts (a `dotnet new` template): it is left
//     out of both sides, as the other languages' oracles leave out a file their parser rejects.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { WORK } from "../corpora.mjs";
import { indexText } from "../index-text.mjs";
import csharp from "../languages/csharp.mjs";
import { handWritten, sampledFiles } from "../languages/hand-checked.mjs";
import { parseSymbolIndex } from "../../dist/formats/symbol-index.js";
import { selectSourceFiles } from "../../dist/core/index/select-files.js";
import { DEFAULT_CONFIG } from "../../dist/core/index/index-config.js";

const TSV = csharp.handChecked.tsv;

/** The sampled files of one repository and ctx's rows for them. */
function sampled(repo) {
  const dir = join(WORK, "languages", repo.name.replace("/", "+"));
  if (!existsSync(join(dir, ".ai", "symbol_index.md"))) throw new Error(`${dir} is not indexed: run CTX_EVAL_LANGUAGES=csharp node scripts/eval-languages.mjs first`);
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 }).split("\0").filter(Boolean);
  const files = selectSourceFiles(listed, DEFAULT_CONFIG)
    .filter((path) => path.endsWith(".cs"))
    .sort();
  const chosen = sampledFiles(files, csharp.handChecked.files);
  const wanted = new Set(chosen);
  const rows = parseSymbolIndex(indexText(dir, "symbol_index.md")).filter((row) => wanted.has(row.path));
  return { dir, files: chosen, rows };
}

const keyOf = (row) => `${row.path}\0${row.container}\0${row.name}\0${row.line}`;

function list() {
  for (const repo of csharp.repos) {
    const { files, rows } = sampled(repo);
    console.log(`# ${repo.name} (${repo.set})`);
    for (const path of files) {
      console.log([repo.name, path, 0, "", "", "file", ""].join("\t"));
      for (const row of rows.filter((r) => r.path === path)) console.log([repo.name, row.path, row.line, row.container, row.name, row.kind, ""].join("\t"));
    }
  }
}

const pct = (a, b) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(2)}%`);

function score() {
  const written = handWritten(TSV);
  const totals = new Map();
  const lines = ["| repository | files | not C# (left out) | declarations (by hand) | recalled | recall | ctx rows | confirmed | precision | kinds agree |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"];
  for (const repo of csharp.repos) {
    const { files, rows } = sampled(repo);
    const hand = written.get(repo.name) ?? { files: new Set(), unparsable: new Set(), declared: [], notDeclared: [] };
    const unread = files.filter((path) => !hand.files.has(path));
    if (unread.length > 0) console.error(`${repo.name}: sampled files not checked by hand yet: ${unread.join(", ")}`);
    const checked = new Set(files.filter((path) => hand.files.has(path) && !hand.unparsable.has(path)));
    const declared = hand.declared.filter((row) => checked.has(row.path));
    const ours = new Map(rows.filter((row) => checked.has(row.path)).map((row) => [keyOf(row), row]));
    const theirs = new Map(declared.map((row) => [keyOf(row), row]));
    const recalled = declared.filter((row) => ours.has(keyOf(row)));
    const kindsAgree = recalled.filter((row) => ours.get(keyOf(row)).kind === row.kind);
    const confirmed = [...ours.values()].filter((row) => theirs.has(keyOf(row)));
    // Held-out disagreements are counted, never listed: reading them would make the repository a tuning one.
    if (repo.set !== "held-out") {
      const explained = new Set(hand.notDeclared.map(keyOf));
      for (const row of declared) if (!ours.has(keyOf(row)) && !row.reason) console.error(`unexplained miss (${repo.name}): ${row.path}:${row.line} ${row.container}.${row.name}`);
      for (const row of ours.values()) if (!theirs.has(keyOf(row)) && !explained.has(keyOf(row))) console.error(`unchecked ctx row (${repo.name}): ${row.path}:${row.line} ${row.container}.${row.name} ${row.kind}`);
    }
    const figures = { files: checked.size, unparsable: files.filter((path) => hand.unparsable.has(path)).length, declared: declared.length, recalled: recalled.length, rows: ours.size, confirmed: confirmed.length, kindsAgree: kindsAgree.length };
    const total = totals.get(repo.set) ?? { files: 0, unparsable: 0, declared: 0, recalled: 0, rows: 0, confirmed: 0, kindsAgree: 0 };
    for (const key of Object.keys(total)) total[key] += figures[key];
    totals.set(repo.set, total);
    lines.push(row(`${repo.name} (${repo.set})`, figures));
  }
  for (const [set, total] of totals) lines.push(row(`**${set}**`, total));
  console.log(lines.join("\n"));
}

function row(label, f) {
  return `| ${label} | ${f.files} | ${f.unparsable} | ${f.declared} | ${f.recalled} | ${pct(f.recalled, f.declared)} | ${f.rows} | ${f.confirmed} | ${pct(f.confirmed, f.rows)} | ${pct(f.kindsAgree, f.recalled)} |`;
}

const mode = process.argv[2];
if (mode === "list") list();
else if (mode === "score") score();
else {
  console.error("usage: node scripts/oracles/csharp-sample.mjs list|score");
  process.exit(2);
}
