// The routing lab: scores variants of brief's weights on the TUNING repositories only, each parent
// indexed once and briefed once per variant, in-process. Never point it at a held-out repository
// (eval-routing.mjs names them): what is tuned on one is no longer held out.
//
//   node scripts/routing-lab.mjs [commits] [variants.json]
//
// variants.json: { "name": { "declarations": 6, "words": 4, … }, … } — overrides of WEIGHTS
// (src/core/brief/rank-files.ts) for each variant; "current" (no override) is always scored.
import { readFileSync } from "node:fs";
import { WEIGHTS } from "../dist/core/brief/rank-files.js";
import { runBrief } from "../dist/cli/commands/brief-command.js";
import { evaluateRouting, routingRepos } from "./eval-routing.mjs";

const count = Number(process.argv[2] ?? 40);
const variants = { current: {}, ...(process.argv[3] ? JSON.parse(readFileSync(process.argv[3], "utf8")) : {}) };
const original = { ...WEIGHTS };
const tallies = new Map(Object.keys(variants).map((name) => [name, { n: 0, at1: 0, at5: 0, named: 0, right: 0 }]));

for (const repo of routingRepos().filter((r) => r.set === "tuning")) {
  console.error(`lab: ${repo.name}`);
  await evaluateRouting(repo, count, async (dir, commit, targets) => {
    for (const [name, overrides] of Object.entries(variants)) {
      Object.assign(WEIGHTS, original, overrides);
      const brief = await runBrief({ cwd: dir, task: commit.subject, role: null });
      const ranked = brief.files.map((f) => f.path);
      const tally = tallies.get(name);
      tally.n += 1;
      if (ranked.slice(0, 1).some((p) => targets.has(p))) tally.at1 += 1;
      if (ranked.slice(0, 5).some((p) => targets.has(p))) tally.at5 += 1;
      // `next:` names one file when it does not offer "read first:" several.
      const named = brief.next.startsWith("read first:") ? null : ranked.find((p) => brief.next.includes(p));
      if (named) {
        tally.named += 1;
        if (targets.has(named)) tally.right += 1;
      }
    }
    Object.assign(WEIGHTS, original);
  });
  for (const [name, t] of tallies) {
    const next = `next: named ${((100 * t.named) / t.n).toFixed(0)}%, right ${t.named === 0 ? "n/a" : `${((100 * t.right) / t.named).toFixed(0)}%`}`;
    console.error(`  ${name}: n=${t.n} hit@1 ${((100 * t.at1) / t.n).toFixed(1)}% hit@5 ${((100 * t.at5) / t.n).toFixed(1)}% ${next}`);
  }
}
console.log(JSON.stringify(Object.fromEntries(tallies), null, 1));
