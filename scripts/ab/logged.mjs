#!/usr/bin/env node
// The agent A/B's logging wrapper: every command an agent runs goes through it, so what the agent
// saw is counted the same way in both arms (rg only, or ctx).
//
//   node scripts/ab/logged.mjs <log.jsonl> <command line>
//
// Runs the command line with sh in the current directory, prints its output (stdout, then stderr)
// as the agent would see it, and appends one JSON line to the log: the command, its exit code and
// the o200k tokens and bytes of the output. Exits with the command's code.
import { Buffer } from "node:buffer";
import { spawnSync } from "node:child_process";
import { encode } from "gpt-tokenizer";
// Locked whole-line appends: both arms of a run may share one log.
import { appendJsonLines } from "../../dist/io/append-json-lines.js";

const [log, ...words] = process.argv.slice(2);
if (!log || words.length === 0) {
  process.stderr.write("usage: node scripts/ab/logged.mjs <log.jsonl> <command line>\n");
  process.exit(2);
}
const command = words.join(" ");
const run = spawnSync("sh", ["-c", command], { encoding: "utf8", maxBuffer: 1 << 28 });
const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
process.stdout.write(output);
const code = run.status ?? 1;
await appendJsonLines(log, [{ at: new Date().toISOString(), cwd: process.cwd(), command, code, tokens: encode(output).length, bytes: Buffer.byteLength(output) }]);
process.exit(code);
