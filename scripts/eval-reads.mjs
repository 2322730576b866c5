// The reads part of `npm run eval` (issue "Reads that replace cat"): for every declaration a routing-eval
// commit changed (the innermost declaration around each hunk, from the symbol index at the parent), the
// o200k tokens an agent reads to see it — `ctx show <path>:<Name>` (default budget), `cat <file>`, and
// `rg -n -A40 -w <name>` over the repository — and, per changed file, `ctx outline <file>` against `cat`.
import { spawnSync } from "node:child_process";
import { encode } from "gpt-tokenizer";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runOutline } from "../dist/cli/commands/outline-command.js";
import { runShow } from "../dist/cli/commands/show-command.js";
import { renderOutlineText, renderShowText } from "../dist/cli/render/read-text.js";
import { parseSymbolIndex } from "../dist/formats/symbol-index.js";
import { touchedDeclarations, touchedLines } from "./touched-lines.mjs";
import { indexText } from "./index-text.mjs";

const SHOW_BUDGET = 1000;
const OUTLINE_BUDGET = 1000;
const hasRg = spawnSync("rg", ["--version"]).status === 0;

/** Token counts for the declarations `commit` changed in `paths`, read in `dir` (checked out at the parent and indexed). */
export async function measureReads(dir, git, commit, paths) {
  const symbols = parseSymbolIndex(indexText(dir, "symbol_index.md"));
  const reads = [];
  for (const path of paths) {
    const cat = encode(readFileSync(join(dir, path), "utf8")).length;
    const outline = encode(renderOutlineText(await runOutline({ cwd: dir, target: path }), OUTLINE_BUDGET)).length;
    const rows = symbols.filter((row) => row.path === path);
    for (const touched of touchedDeclarations(rows, touchedLines(git, commit.parent, commit.hash, path))) {
      const qualified = touched.slice(0, touched.lastIndexOf("@"));
      const name = qualified.slice(qualified.lastIndexOf(".") + 1);
      const show = encode(renderShowText(await runShow({ cwd: dir, query: `${path}:${qualified}`, budget: SHOW_BUDGET }))).length;
      const rg = hasRg ? encode(spawnSync("rg", ["-n", "-A40", "-w", "-e", name, "--", "."], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 }).stdout).length : null;
      reads.push({ path, declaration: qualified, show, cat, rg, outline });
    }
  }
  return reads;
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The section: medians over every changed declaration (and file, for outline), per repository and in all. */
export function readsReport(evaluations, { commit, command }) {
  const fmt = (value, digits = 0) => (value === null ? "n/a" : value.toFixed(digits));
  const row = (name, reads) => {
    const files = [...new Map(reads.map((r) => [`${r.commit}:${r.path}`, r])).values()];
    return `| ${name} | ${reads.length} | ${fmt(median(reads.map((r) => r.show)))} | ${fmt(median(reads.map((r) => r.cat)))} | ${fmt(median(reads.map((r) => r.rg)))} | ${fmt(median(reads.map((r) => r.show / r.cat)), 2)}× | ${fmt(median(reads.map((r) => (r.rg === null ? null : r.show / r.rg))), 2)}× | ${files.length} | ${fmt(median(files.map((r) => r.outline / r.cat)), 2)}× |`;
  };
  const all = evaluations.flatMap((e) => e.results.flatMap((r) => r.reads.map((read) => ({ ...read, commit: r.commit }))));
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)}, ctx at ${commit}. Command: \`${command}\`. o200k tokens (gpt-tokenizer).`,
    "For every declaration the routing eval's commits changed (the innermost declaration around each hunk, from the symbol index at",
    `the parent): \`ctx show <path>:<Name>\` (default budget, ${SHOW_BUDGET}), \`cat <file>\`, and \`rg -n -A40 -w <name>\` over the repository, as an`,
    `agent reads a declaration; per changed file, \`ctx outline <file>\` (default budget, ${OUTLINE_BUDGET}) against \`cat\`. Ratios are medians of per-declaration (per-file) ratios.`,
    "",
    "| repository | declarations | `show` (median) | `cat` | `rg -A40` | show / cat | show / rg | files | outline / cat |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...evaluations.map((e) => row(e.name, e.results.flatMap((r) => r.reads.map((read) => ({ ...read, commit: r.commit }))))),
    row("**all**", all),
    "",
    `Goal (issue 22): \`show\` ≤ 0.3× \`cat\` (median) — ${median(all.map((r) => r.show / r.cat)) <= 0.3 ? "met" : "**not met**"} (${fmt(median(all.map((r) => r.show / r.cat)), 2)}×).`,
    "",
  ];
  return lines.join("\n");
}
