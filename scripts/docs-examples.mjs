#!/usr/bin/env node
// Keeps the examples in README.md and docs/ true: each example block is run for real and compared with what the docs say.
//
//   node scripts/docs-examples.mjs           check every example against a real run of the built CLI (exit 1 on a difference)
//   node scripts/docs-examples.mjs --write   rewrite every example block from a real run
//
// test/docs/examples.test.ts runs the same checks in the test suite, with the same built CLI.
//
// An example is a fenced block whose lines start with `$ ctx …` (or `$ git …`), each followed by what it printed, with a
// marker on the line before the fence:
//
//   <!-- example: test/fixtures/read/users-api; setup: ctx index -q; normalise: dates -->
//
// - the fixture folder is copied to a temp dir and made a git repository with one commit (fixed author and dates, so its
//   hash is the same on every run; `no git` leaves it a plain folder), with node_modules/.bin/ linking this package's bins, as
//   a project that installed ctx-nav as a dev dependency has it (git ignores node_modules through .git/info/exclude);
// - `setup:` steps run first, unseen, separated by `&&`: `ctx …`, `git …`, `cp <path in this repository> <path>`,
//   `append <path> <text>`; each must succeed;
// - the block's commands run in order in that folder; stdout and stderr are kept in the order they were written;
// - the temp dir is always printed as /home/me/<the fixture's folder name>; `normalise:` names what else varies between runs
//   and is ignored when comparing (never rewritten by --write): `dates`, `commits` (hex hashes), `log-ids`, `timings`.
//
// A block holding a `$ ctx` line without a marker is an error, so no example escapes the check. A block after
// `<!-- file: <path> -->` must equal that file of this repository.

import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = join(import.meta.dirname, "..");

const NORMALISERS = {
  dates: [/\b\d{4}-\d{2}-\d{2}\b/g, "YYYY-MM-DD"],
  commits: [/\b[0-9a-f]{7,40}\b/g, "<commit>"],
  "log-ids": [/\b\d{8}-\d{6}-[0-9a-f]{6}\b/g, "<log-id>"],
  timings: [/\b\d+(?:\.\d+)? ?(?:ms|s)\b/g, "<time>"],
};

/** The git identity and clock of every commit an example makes: fixed, so a fixture's commits have the same hashes on every run. */
const GIT_ENV = {
  GIT_AUTHOR_NAME: "Me",
  GIT_AUTHOR_EMAIL: "me@example.com",
  GIT_COMMITTER_NAME: "Me",
  GIT_COMMITTER_EMAIL: "me@example.com",
  GIT_AUTHOR_DATE: "2026-12-01T12:00:00Z",
  GIT_COMMITTER_DATE: "2026-12-01T12:00:00Z",
};

/** README.md and every Markdown file under docs/, repository-relative, sorted. */
export function docFiles(root = ROOT) {
  const files = ["README.md"];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files;
}

/**
 * Every fenced block of a Markdown text with what marks it. Returns the examples, the file blocks, and the problems:
 * a `$ ctx` block without a marker, a marker without a block, a marker that does not parse.
 */
export function parseDoc(text, file) {
  const lines = text.split("\n");
  const examples = [];
  const files = [];
  const problems = [];
  let pending = null;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const marker = /^<!-- (example|file): (.*) -->$/.exec(line.trim());
    if (marker) {
      if (pending) problems.push(`${file}:${pending.line}: marker not followed by a fenced block`);
      pending = { kind: marker[1], spec: marker[2], line: i + 1 };
      continue;
    }
    const fence = /^(`{3,})(.*)$/.exec(line);
    if (!fence) {
      if (pending && line.trim() !== "") {
        problems.push(`${file}:${pending.line}: marker not followed by a fenced block`);
        pending = null;
      }
      continue;
    }
    let end = i + 1;
    while (end < lines.length && !lines[end].startsWith(fence[1])) end += 1;
    const body = lines.slice(i + 1, end);
    const block = { file, line: i + 1, start: i + 1, end, body: body.join("\n") };
    if (pending?.kind === "example") {
      try {
        examples.push({ ...block, marker: parseMarker(pending.spec), markerLine: pending.line, commands: parseCommands(body) });
      } catch (error) {
        problems.push(`${file}:${pending.line}: ${error.message}`);
      }
    } else if (pending?.kind === "file") {
      files.push({ ...block, path: pending.spec.trim() });
    } else if (body.some((bodyLine) => /^\$ (ctx|npx|node)\b/.test(bodyLine))) {
      problems.push(`${file}:${i + 1}: an example block with no <!-- example: … --> marker (every \`$ ctx\` block must be run by the docs test)`);
    }
    pending = null;
    i = end;
  }
  if (pending) problems.push(`${file}:${pending.line}: marker not followed by a fenced block`);
  return { examples, files, problems };
}

function parseMarker(spec) {
  const [fixture, ...clauses] = spec.split(";").map((part) => part.trim());
  if (!fixture || !/^test\/fixtures\/[\w./-]+$/.test(fixture)) throw new Error(`the marker must start with a fixture folder under test/fixtures/, got "${fixture}"`);
  const marker = { fixture, git: true, setup: [], normalise: [] };
  for (const clause of clauses) {
    if (clause === "no git") marker.git = false;
    else if (clause.startsWith("setup:")) marker.setup = clause.slice(6).split("&&").map((step) => splitWords(step.trim()));
    else if (clause.startsWith("normalise:")) {
      marker.normalise = clause.slice(10).split(",").map((word) => word.trim());
      for (const word of marker.normalise) if (!(word in NORMALISERS)) throw new Error(`unknown normalise "${word}" (known: ${Object.keys(NORMALISERS).join(", ")})`);
    } else throw new Error(`unknown marker clause "${clause}" (expected "setup: …", "normalise: …" or "no git")`);
  }
  for (const step of marker.setup) if (!["ctx", "git", "cp", "append"].includes(step[0])) throw new Error(`setup step "${step.join(" ")}": only ctx, git, cp and append`);
  return marker;
}

/** The block's commands: a `$ ` line (continued by a trailing backslash), then what it printed up to the next command. */
function parseCommands(body) {
  const commands = [];
  for (let i = 0; i < body.length; i += 1) {
    if (!body[i].startsWith("$ ")) {
      if (commands.length === 0) throw new Error(`an example block starts with its command ("$ ctx …"), got "${body[i]}"`);
      commands.at(-1).output.push(body[i]);
      continue;
    }
    const written = [body[i]];
    while (written.at(-1).endsWith("\\") && i + 1 < body.length) written.push(body[++i]);
    const argv = splitWords(written.join("\n").slice(2));
    if (argv[0] !== "ctx" && argv[0] !== "git") throw new Error(`only ctx and git commands can be run, got "${argv[0]}"`);
    commands.push({ written: written.join("\n"), argv, output: [] });
  }
  if (commands.length === 0) throw new Error("an example block with no command");
  return commands;
}

/** Words as a POSIX shell splits them: single and double quotes, backslash escapes, backslash-newline joins. */
export function splitWords(text) {
  const words = [];
  let word = null;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "\\" && text[i + 1] === "\n") i += 1;
    else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed ' in: ${text}`);
      word = (word ?? "") + text.slice(i + 1, close);
      i = close;
    } else if (c === '"') {
      word ??= "";
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) {
        if (text[i] === "\\" && /["\\$`]/.test(text[i + 1] ?? "")) i += 1;
        word += text[i];
      }
      if (i >= text.length) throw new Error(`unclosed " in: ${text}`);
    } else if (c === "\\") {
      word = (word ?? "") + (text[i + 1] ?? "");
      i += 1;
    } else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** A block's text as it should be: each command as written, then its real output; commands apart by one blank line. */
export function renderCommands(commands, outputs) {
  return commands.map((command, i) => [command.written, ...trimEnd(outputs[i]).split("\n").filter((line, _, all) => all.length > 1 || line !== "")].join("\n")).join("\n\n");
}

function trimEnd(text) {
  return text.replace(/\s+$/, "");
}

/** What varies between runs, as the marker names it, replaced in a block's text before comparing. */
export function normalise(text, words) {
  let result = text.split("\n").map((line) => line.replace(/\s+$/, "")).join("\n").replace(/\s+$/, "");
  for (const word of words) result = result.replace(NORMALISERS[word][0], NORMALISERS[word][1]);
  return result;
}

function git(dir, args, env = {}) {
  return execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV, ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

/** The example's fixture in a fresh temp dir, as a user's project with ctx-nav installed: returns the dir. */
function prepareFixture(example, root) {
  const dir = mkdtempSync(join(tmpdir(), "ctx-docs-"));
  const project = join(dir, basename(example.marker.fixture));
  cpSync(join(root, example.marker.fixture), project, { recursive: true });
  // NOTE: files written within two seconds of an index run are re-read by the next run (a stat cannot be trusted there), so
  // counts such as "N files re-parsed" would depend on how fast the example ran. A user's files are older than their index.
  setOlder(project, new Date(GIT_ENV.GIT_AUTHOR_DATE));
  // Every bin package.json declares, as npm links them on install.
  mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
  for (const [name, target] of Object.entries(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).bin)) {
    symlinkSync(join(ROOT, target), join(project, "node_modules", ".bin", name));
  }
  if (example.marker.git) {
    git(project, ["init", "-q", "-b", "main"]);
    appendFileSync(join(project, ".git", "info", "exclude"), "node_modules/\n");
    git(project, ["add", "-A"]);
    git(project, ["commit", "-q", "-m", "the project"]);
  }
  return { dir, project };
}

function setOlder(dir, time) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) setOlder(join(dir, entry.name), time);
    else if (entry.isFile()) utimesSync(join(dir, entry.name), time, time);
  }
}

/** Runs one command in the project: ctx in-process through `runCli`, git as a process. Returns what it printed, in order. */
async function runCommand(argv, project, runCli) {
  if (argv[0] === "git") {
    // NOTE: git's stdout and stderr cannot be read in the order they were written; an example runs git quietly (`-q`),
    // so that what it shows is what git's hooks print (stderr).
    const run = spawnSync("git", argv.slice(1), { cwd: project, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
    return { code: run.status ?? 2, output: `${run.stdout}${run.stderr}` };
  }
  let output = "";
  const code = await runCli(argv.slice(1), { cwd: project, stdout: (text) => (output += text), stderr: (text) => (output += text), isTTY: false });
  return { code, output };
}

async function runSetup(step, project, root, runCli) {
  if (step[0] === "cp") return cpSync(join(root, step[1]), join(project, step[2]));
  if (step[0] === "append") return appendFileSync(join(project, step[1]), `${step.slice(2).join(" ")}\n`);
  const run = await runCommand(step, project, runCli);
  if (run.code !== 0) throw new Error(`setup step "${step.join(" ")}" exited ${run.code}:\n${run.output}`);
}

/** Runs an example for real; returns its block text as the run printed it (temp paths replaced, nothing else). */
export async function runExample(example, { runCli, root = ROOT }) {
  const { dir, project } = prepareFixture(example, root);
  try {
    for (const step of example.marker.setup) await runSetup(step, project, root, runCli);
    const outputs = [];
    for (const command of example.commands) outputs.push((await runCommand(command.argv, project, runCli)).output);
    const shown = `/home/me/${basename(project)}`;
    const real = realpathSync(project);
    return renderCommands(example.commands, outputs).split(real).join(shown).split(project).join(shown);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a block's documented text matches a real run's, once what the marker says varies is set aside. */
export function matches(example, real) {
  return normalise(example.body, example.marker.normalise) === normalise(real, example.marker.normalise);
}

/** Replaces the bodies of blocks (by their fence lines) in a Markdown text. */
export function replaceBlocks(text, replacements) {
  const lines = text.split("\n");
  for (const { start, end, body } of [...replacements].sort((a, b) => b.start - a.start)) lines.splice(start, end - start, ...body.split("\n"));
  return lines.join("\n");
}

async function main() {
  const write = process.argv.includes("--write");
  const { runCli } = await import(pathToFileURL(join(ROOT, "dist", "cli", "main.js")).href);
  let failed = 0;
  for (const file of docFiles()) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const { examples, files, problems } = parseDoc(text, file);
    for (const problem of problems) console.error(problem);
    failed += problems.length;
    const replacements = [];
    for (const block of files) {
      const want = readFileSync(join(ROOT, block.path), "utf8").replace(/\n$/, "");
      if (block.body !== want) {
        replacements.push({ ...block, body: want });
        if (!write) {
          failed += 1;
          console.error(`${file}:${block.line}: differs from ${block.path}`);
        }
      }
    }
    for (const example of examples) {
      const real = await runExample(example, { runCli });
      if (matches(example, real)) continue;
      replacements.push({ ...example, body: real });
      if (!write) {
        failed += 1;
        console.error(`${file}:${example.line}: differs from a real run of ${example.marker.fixture}:\n--- documented\n${example.body}\n--- real\n${real}\n`);
      }
    }
    if (write && replacements.length > 0) {
      writeFileSync(join(ROOT, file), replaceBlocks(text, replacements));
      console.log(`${file}: ${replacements.length} block(s) rewritten from real runs`);
    }
  }
  if (failed > 0) {
    console.error(`${failed} problem(s)${write ? "" : "; `node scripts/docs-examples.mjs --write` rewrites the blocks from real runs"}`);
    process.exitCode = 1;
  } else if (!write) console.log("every example in README.md and docs/ matches a real run");
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(new URL(import.meta.url).pathname)) await main();
