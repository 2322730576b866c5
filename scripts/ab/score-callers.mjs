// Scores a callers A/B run (see prepare-callers.mjs and logged.mjs): per arm, the tokens of what
// the agent saw, the commands it ran, and the recall and precision of the sites it listed against
// the oracle's (a site matches on the same path with the line within 1).
//
//   node scripts/ab/score-callers.mjs <answers-dir> <out-dir>/<name>
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [answersDir, folder] = process.argv.slice(2);
if (!answersDir || !folder) {
  console.error("usage: node scripts/ab/score-callers.mjs <answers-dir> <out-dir>/<name>");
  process.exit(2);
}
const name = folder.replace(/\/+$/, "").split("/").pop();
const answers = JSON.parse(readFileSync(join(answersDir, `${name}.json`), "utf8"));
const parse = (site) => ({ path: site.slice(0, site.lastIndexOf(":")).replace(/^\.\//, ""), line: Number(site.slice(site.lastIndexOf(":") + 1)) });
const near = (a, b) => a.path === b.path && Math.abs(a.line - b.line) <= 1;
const arms = {};
for (const arm of ["rg", "ctx"]) {
  const tally = { tasks: 0, tokens: 0, commands: 0, expected: 0, found: 0, listed: 0, right: 0, exact: 0, checked: 0, perTask: [] };
  for (const answer of answers) {
    const dir = join(folder, answer.id);
    const logFile = join(dir, `${arm}-log.jsonl`);
    const lines = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line)) : [];
    const tokens = lines.reduce((sum, line) => sum + line.tokens, 0);
    const given = existsSync(join(dir, `${arm}-answer.json`)) ? (JSON.parse(readFileSync(join(dir, `${arm}-answer.json`), "utf8")).sites ?? []) : [];
    const expected = answer.sites.map(parse);
    const listed = [...new Set(given)].map(parse);
    const found = expected.filter((site) => listed.some((other) => near(site, other))).length;
    const right = listed.filter((site) => expected.some((other) => near(site, other))).length;
    tally.tasks += 1;
    tally.tokens += tokens;
    tally.commands += lines.length;
    tally.expected += expected.length;
    tally.found += found;
    tally.listed += listed.length;
    tally.right += right;
    tally.exact += found === expected.length && right === listed.length ? 1 : 0;
    // Whether the agent searched text after ctx had answered: it did not trust the answer.
    const firstCtx = lines.findIndex((line) => /(^|[\s/])ctx(\.js)?\s/.test(line.command));
    const checked = firstCtx >= 0 && lines.slice(firstCtx + 1).some((line) => /(^|[\s|;&(])(rg|grep|git grep)\s/.test(line.command));
    tally.checked += checked ? 1 : 0;
    tally.perTask.push({ task: answer.id, kind: answer.kind, tokens, commands: lines.length, expected: expected.length, found, listed: listed.length, right, ...(arm === "ctx" ? { searchedAfterCtx: checked } : {}) });
  }
  arms[arm] = tally;
}
const pct = (a, b) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);
const lines = ["| arm | tasks | tool-output tokens | commands | sites found (recall) | sites right (precision) | tasks exactly right |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"];
for (const [arm, t] of Object.entries(arms)) {
  lines.push(`| ${arm} | ${t.tasks} | ${t.tokens} | ${t.commands} | ${t.found}/${t.expected} (${pct(t.found, t.expected)}) | ${t.right}/${t.listed} (${pct(t.right, t.listed)}) | ${t.exact}/${t.tasks} |`);
}
lines.push("", `ctx / rg tokens: ${(arms.ctx.tokens / Math.max(1, arms.rg.tokens)).toFixed(2)}× (goal ≤ 0.5× at equal or better recall)`);
lines.push(`ctx arm tasks where the agent ran rg or grep after a ctx answer: ${arms.ctx.checked}/${arms.ctx.tasks} (goal: fewer than 1 in 5)`);
console.log(lines.join("\n"));
console.log(JSON.stringify({ rg: arms.rg.perTask, ctx: arms.ctx.perTask }, null, 1));
