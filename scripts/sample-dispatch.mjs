// The hand check of issue 38's dispatch edges: on indexed apps (the Impact eval's tuning apps), every
// pair the channels join — a row that publishes (an `emit`, or `new E()` of an event class listened
// on) and a declaration that listens on the same channel — and a seeded sample of them printed with
// both lines of code, for a reader to mark right or wrong with a reason. Also counts the Impact
// entries each app's listeners gain through those pairs.
//
//   node scripts/sample-dispatch.mjs <per-app> <dir>… (indexed checkouts, e.g. /tmp/eval-impact/vendure@1633446f4)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readIndexTables } from "../dist/io/lookup-cache.js";
import { Channels } from "../dist/core/traverse/channels.js";
import { random } from "./random.mjs";
import { sample } from "./eval-calls.mjs";
import { isTestPath } from "../dist/core/index/is-test-path.js";

const [perAppText, ...dirs] = process.argv.slice(2);
const perApp = Number(perAppText);
if (!Number.isInteger(perApp) || dirs.length === 0) {
  console.error("usage: node scripts/sample-dispatch.mjs <per-app> <indexed dir>…");
  process.exit(2);
}
const SEED = 3838;
const lineOf = (dir, path, line) => readFileSync(join(dir, path), "utf8").split("\n")[line - 1]?.trim().slice(0, 160) ?? "";
for (const dir of dirs) {
  const rows = (await readIndexTables(dir)).calls.filter((edge) => !isTestPath(edge.path));
  const listens = rows.filter((edge) => edge.via === "listen");
  const channels = new Channels(listens);
  const pairs = [];
  for (const edge of rows) for (const listen of channels.listenersOf(edge)) if (channels.publishes(edge, listen)) pairs.push({ edge, listen });
  const kinds = new Map();
  for (const { listen } of pairs) kinds.set(Channels.step(listen).kind, (kinds.get(Channels.step(listen).kind) ?? 0) + 1);
  console.log(`## ${dir}\n${listens.length} listen rows, ${rows.filter((e) => e.via === "emit").length} emit rows; ${pairs.length} publisher→listener pairs (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")})\n`);
  const chosen = sample(pairs, perApp, random(SEED));
  chosen.forEach(({ edge, listen }, i) => {
    const step = Channels.step(listen);
    console.log(`${i + 1}. ${step.kind} ${step.through}`);
    console.log(`   publishes: ${edge.path}:${edge.line} ${edge.caller} — ${lineOf(dir, edge.path, edge.line)}`);
    console.log(`   listens:   ${listen.path}:${listen.line} ${listen.caller} — ${lineOf(dir, listen.path, listen.line)}`);
  });
  console.log("");
}
