// Scores an agent A/B run (see prepare.mjs and logged.mjs): per arm, the tokens of everything the
// agent saw through the logging wrapper, the commands it ran, and how many tasks it localised.
//
//   node scripts/ab/score.mjs <answers-dir> <out-dir>/<name> [<out-dir>/<name> …]
//
// Each task folder holds, beside its two checkouts, <arm>-log.jsonl (written by logged.mjs) and
// <arm>-answer.json ({ "file": "path", "declaration": "Name" or "Class.member" }) written by the agent. A file is
// right when the commit modified it; a declaration, when it is one the commit's hunks touch there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [answersDir, ...folders] = process.argv.slice(2);
if (!answersDir || folders.length === 0) {
  console.error("usage: node scripts/ab/score.mjs <answers-dir> <task-set folder> …");
  process.exit(2);
}
const arms = { rg: { tokens: 0, commands: 0, files: 0, declarations: 0, tasks: 0, perTask: [] }, ctx: { tokens: 0, commands: 0, files: 0, declarations: 0, tasks: 0, perTask: [] } };
for (const folder of folders) {
  const answers = JSON.parse(readFileSync(join(answersDir, `${folder.replace(/\/+$/, "").split("/").pop()}.json`), "utf8"));
  for (const answer of answers) {
    for (const [arm, tally] of Object.entries(arms)) {
      const dir = join(folder, answer.id);
      const logFile = join(dir, `${arm}-log.jsonl`);
      const lines = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line)) : [];
      const tokens = lines.reduce((sum, line) => sum + line.tokens, 0);
      const given = existsSync(join(dir, `${arm}-answer.json`)) ? JSON.parse(readFileSync(join(dir, `${arm}-answer.json`), "utf8")) : {};
      const fileRight = answer.files.includes(given.file);
      const declarationRight = fileRight && answer.declarations.some((d) => d === `${given.file}:${given.declaration}` || d.endsWith(`.${given.declaration}`) && d.startsWith(`${given.file}:`));
      tally.tasks += 1;
      tally.tokens += tokens;
      tally.commands += lines.length;
      tally.files += fileRight ? 1 : 0;
      tally.declarations += declarationRight ? 1 : 0;
      tally.perTask.push({ task: `${folder.split("/").pop()}/${answer.id}`, tokens, commands: lines.length, file: fileRight, declaration: declarationRight });
    }
  }
}
const lines = [
  "| arm | tasks | tool-output tokens | median per task | commands | right file | right declaration |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
];
for (const [arm, t] of Object.entries(arms)) {
  const sorted = t.perTask.map((p) => p.tokens).sort((a, b) => a - b);
  const median = sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)];
  lines.push(`| ${arm} | ${t.tasks} | ${t.tokens} | ${median} | ${t.commands} | ${t.files}/${t.tasks} | ${t.declarations}/${t.tasks} |`);
}
lines.push("", `ctx / rg tokens: ${(arms.ctx.tokens / Math.max(1, arms.rg.tokens)).toFixed(2)}× (goal ≤ 0.6× at equal or better accuracy)`);
console.log(lines.join("\n"));
console.log(JSON.stringify({ rg: arms.rg.perTask, ctx: arms.ctx.perTask }, null, 1));
