#!/usr/bin/env node
// npm run bench (second part): what `ctx compress` saves and what it keeps, on real output of the
// real tools — run here on this repository's broken fixture projects (copied to a temp folder)
// and on the git history of the measurement clones under /work/.mirror when present.
//   tokens       the raw output and ctx's printed output, with a real tokenizer (o200k)
//   must-keep    items taken from each tool's structured report of the same run (vitest JSON,
//                eslint JSON, node:test events, the compiler API, git numstat / log --format=%H),
//                checked in ctx's output and in three baselines: `tail -n 50`, and the tail and
//                head+tail cut to the same token count as ctx's output
// Usage: node scripts/bench-compress.mjs (run by `npm run bench` after the index figures)
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "gpt-tokenizer";
import ts from "typescript";
import { cleanLines } from "../dist/core/compress/clean-output.js";
import { replaceSection } from "./report.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CTX = join(ROOT, "bin", "ctx.js");
const FIXTURES = join(ROOT, "test", "fixtures", "compress");
const require = createRequire(import.meta.url);
const TSC = require.resolve("typescript/bin/tsc");
const VITEST = join(require.resolve("vitest/package.json"), "..", "vitest.mjs");
const ESLINT = join(require.resolve("eslint/package.json"), "..", "bin", "eslint.js");
const ESLINT_ORACLE = join(ROOT, "test", "helpers", "eslint-oracle-formatter.mjs");
const NODE_ORACLE = join(ROOT, "test", "helpers", "node-test-oracle-reporter.mjs");
const JEST = join(require.resolve("jest/package.json"), "..", "bin", "jest.js");
const MOCHA = join(require.resolve("mocha/package.json"), "..", "bin", "mocha.js");
const MOCHA_ORACLE = join(ROOT, "test", "helpers", "mocha-oracle-reporter.cjs");
const MIRRORS = "/work/.mirror";
/** A Python that has pytest: the one on PATH, else Debian's. */
const PYTHON = ["python3", "/usr/bin/python3"].find((python) => spawnSync(python, ["-m", "pytest", "--version"]).status === 0) ?? "python3";
/** Only inputs over this many tokens count for the reduction target: small output is passed through by design. */
const LARGE = 2000;
const tokens = (text) => encode(text).length;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const scratch = mkdtempSync(join(tmpdir(), "ctx-bench-compress-"));
const fixture = (name) => {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
};

/**
 * `ctx compress` of a command as the user sees it (text); the raw output is read back from the
 * kept log, or is the output itself when it was passed through.
 */
function compress(cwd, command, env = {}) {
  const run = spawnSync(process.execPath, [CTX, "compress", "--", ...command], { cwd, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, ...env } });
  const header = /^\[ctx\] .* · exit (\d+) · ([^·]+?): (.+?)(?: · .*)? · raw: (\S+) \(ctx compress --raw \S+\)$/.exec(run.stdout.split("\n")[0]);
  if (!header) return { tool: "passed through", verdict: "–", exitCode: run.status, raw: run.stdout, shown: run.stdout };
  const log = header[4].startsWith("/") ? header[4] : join(cwd, header[4]);
  return { tool: header[2], verdict: header[3].split(" · ")[0], exitCode: Number(header[1]), raw: readFileSync(log, "utf8"), shown: run.stdout };
}

/** The baselines an agent could use instead, cut from the cleaned raw lines. */
function baselines(raw, budget) {
  const lines = cleanLines(raw);
  const fit = (ordered, share) => {
    const kept = [];
    let used = 0;
    for (const line of ordered) {
      used += tokens(`${line}\n`);
      if (used > share) break;
      kept.push(line);
    }
    return kept;
  };
  const headPart = fit(lines, budget / 2);
  const tailPart = fit([...lines].reverse(), budget / 2).reverse();
  return {
    "tail -n 50": lines.slice(-50).join("\n"),
    "tail, same tokens": fit([...lines].reverse(), budget).reverse().join("\n"),
    "head+tail, same tokens": headPart.length + tailPart.length >= lines.length ? lines.join("\n") : [...headPart, ...tailPart].join("\n"),
  };
}

// ——— the cases: each runs a real tool and takes its must-keep items from the tool's own structured report ———

function tscItems(dir) {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram(config.fileNames, config.options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return [
    ...diagnostics.map((d) => {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      const file = d.file.fileName.slice(dir.length + 1);
      return new RegExp(`${escape(file)}(?::${line + 1}:${character + 1} - |\\(${line + 1},${character + 1}\\): )error TS${d.code}`);
    }),
  ];
}

/**
 * A case on one of this repository's broken fixture projects, copied to a temp folder: `setup`
 * gives the command, its must-keep items (or a function that reads the oracle after the run) and
 * any environment it needs.
 */
const onFixture = (family, name, fixtureName, setup) => ({
  family,
  name,
  run() {
    const dir = fixture(fixtureName);
    return { dir, ...setup(dir) };
  },
});
const readJson = (dir, file) => JSON.parse(readFileSync(join(dir, file), "utf8"));
const VITEST_RUN = [process.execPath, VITEST, "run", "--reporter=default", "--reporter=json", "--outputFile=report.json"];

const CASES = [
  ...["true", "false"].map((pretty) =>
    onFixture("tsc", `tsc --pretty ${pretty} (60 errors)`, "tsc-errors", (dir) => ({ command: [process.execPath, TSC, "-p", ".", "--pretty", pretty], items: tscItems(dir) })),
  ),
  onFixture("tsc", "npm run typecheck (tsc --pretty, 60 errors)", "tsc-errors", (dir) => {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "orders", version: "1.0.0", private: true, scripts: { typecheck: `node ${JSON.stringify(TSC)} -p .` } }));
    return { command: ["npm", "run", "typecheck"], items: tscItems(dir) };
  }),
  // npm's own words are the oracle here: its error lines, up to its usage text, and the pointer to its log.
  onFixture("npm", "npm ci with no lockfile (offline)", "npm-no-lockfile", () => ({
    command: ["npm", "ci", "--offline", "--no-audit", "--no-fund"],
    items: [/^npm error code EUSAGE$/m, /^npm error The `npm ci` command can only install with an existing package-lock\.json or$/m, /^npm error later to generate a package-lock\.json file, then try again\.$/m, /^npm error A complete log of this run can be found in: /m],
  })),
  onFixture("vitest", "vitest: 50 failures and a file that fails to load", "vitest-failures", (dir) => ({ command: VITEST_RUN, items: () => vitestItems(dir) })),
  onFixture("vitest", "vitest: an error after every test passed", "vitest-late-error", (dir) => ({
    command: VITEST_RUN,
    items: () => [/TypeError: flush\(\) called after teardown/, ...vitestItems(dir)],
  })),
  onFixture("jest", "jest: 13 failures, a file that fails to run", "jest-failures", (dir) => ({
    command: [process.execPath, JEST, "--json", "--outputFile=report.json"],
    items: () => {
      const report = readJson(dir, "report.json");
      return [
        new RegExp(`^Tests: .*${report.numTotalTests} total$`, "m"),
        ...report.testResults.flatMap((file) => [
          ...(file.assertionResults.length === 0 ? [new RegExp(escape(file.message.split("\n").find((l) => /\S/.test(l) && !/●/.test(l)).trim()))] : []),
          ...file.assertionResults.filter((a) => a.status === "failed").map((a) => new RegExp(`● ${escape([...a.ancestorTitles, a.title].join(" › "))}$`, "m")),
        ]),
      ];
    },
  })),
  onFixture("mocha", "mocha: 15 failures (a hook and a timeout among them)", "mocha-failures", (dir) => ({
    command: [process.execPath, MOCHA, "--reporter", MOCHA_ORACLE, "cart.test.mjs"],
    env: { MOCHA_ORACLE: join(dir, "oracle.json") },
    items: () => {
      const { failures, stats } = readJson(dir, "oracle.json");
      return [new RegExp(`^\\s+${stats.failures} failing$`, "m"), ...failures.map((f) => new RegExp(escape(f.message.split("\n")[0])))];
    },
  })),
  onFixture("eslint", "eslint: a lint backlog", "eslint-violations", (dir) => ({
    command: [process.execPath, ESLINT, "-f", ESLINT_ORACLE, "src"],
    env: { ESLINT_ORACLE: join(dir, "oracle.json") },
    items: () =>
      readJson(dir, "oracle.json").flatMap((file) =>
        file.messages.map((m) => new RegExp(`^\\s+${m.line}:${m.column}\\s+(error|warning)\\s+.*${escape(m.ruleId ?? "Parsing error")}`, "m")),
      ),
  })),
  ...["tap", "spec"].map((reporter) =>
    onFixture("node:test", `node --test (${reporter}): 16 failures, a file that fails to load`, "node-test-failures", (dir) => ({
      command: [process.execPath, "--test", `--test-reporter=${reporter}`, "--test-reporter-destination=stdout", `--test-reporter=${NODE_ORACLE}`, `--test-reporter-destination=${join(dir, "oracle.json")}`],
      items: () => {
        const { failures, counts } = readJson(dir, "oracle.json");
        return [
          ...failures.map((f) => new RegExp(`(not ok \\d+ - |✖ )${escape(f.name)}\\b`)),
          ...failures.map((f) => new RegExp(escape(f.message.split("\n")[0].replace(/^'|'$/g, "")))),
          new RegExp(`^(# |ℹ )fail ${counts.fail}$`, "m"),
          new RegExp(`^(# |ℹ )pass ${counts.pass}$`, "m"),
        ];
      },
    })),
  ),
  onFixture("pytest", "pytest: 13 failures, a module that fails to collect", "pytest-failures", (dir) => ({
    command: [PYTHON, "-m", "pytest", "--continue-on-collection-errors", "-p", "no:cacheprovider", "--junitxml=report.xml"],
    items: () => {
      const xml = readFileSync(join(dir, "report.xml"), "utf8");
      const unescape = (text) => text.replace(/&#10;/g, "\n").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
      return [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"[^>]*>\s*<(failure|error) message="([^"]*)"/g)].flatMap(([, cls, name, kind, message]) => [
        new RegExp(escape(kind === "error" ? `ERROR ${cls || name}.py` : `FAILED ${cls}.py::${unescape(name)}`)),
        ...(kind === "failure" ? [new RegExp(escape(unescape(message).split("\n")[0].slice(0, 60)))] : []),
      ]);
    },
  })),
  ...[[], ["-v"]].map((flags) =>
    onFixture("go test", ["go test", ...flags, "./... (14 failures, a panic)"].join(" "), "go-test-failures", (dir) => ({
      command: ["go", "test", "-count=1", ...flags, "./..."],
      items: () => {
        const events = spawnSync("go", ["test", "-count=1", "-json", "./..."], { cwd: dir, encoding: "utf8" }).stdout.trim().split("\n").map((line) => JSON.parse(line));
        return [
          ...events.filter((e) => e.Action === "fail" && e.Test).map((e) => new RegExp(`--- FAIL: ${escape(e.Test)} \\(`)),
          ...events.filter((e) => e.Action === "fail" && !e.Test).map((e) => new RegExp(`^FAIL\\t${escape(e.Package)}\\t`, "m")),
        ];
      },
    })),
  ),
  onFixture("cargo", "cargo build: 5 compiler errors", "cargo-build-errors", (dir) => ({
    command: ["cargo", "build"],
    items: () => cargoJson(dir, ["build", "--message-format=json"]).flatMap(({ reason, message }) => {
      const span = reason === "compiler-message" ? message.spans.find((s) => s.is_primary) : undefined;
      const heading = `${message?.level}${message?.code ? `[${message.code.code}]` : ""}: `;
      return span ? [new RegExp(`^${escape(heading)}.*\\n\\s*--> ${escape(`${span.file_name}:${span.line_start}:${span.column_start}`)}$`, "m")] : [];
    }),
  })),
  ...["0", "1"].map((backtrace) =>
    onFixture("cargo", `cargo test --no-fail-fast (10 failures${backtrace === "1" ? ", RUST_BACKTRACE=1" : ""})`, "cargo-test-failures", (dir) => ({
      command: ["cargo", "test", "--no-fail-fast"],
      env: { RUST_BACKTRACE: backtrace },
      // libtest's own JSON events for the same tests: each failure's name and first panic line, each binary's counts.
      items: () =>
        cargoJson(dir, ["test", "--no-fail-fast", "--", "-Z", "unstable-options", "--format", "json"], { RUSTC_BOOTSTRAP: "1" }).flatMap((e) => {
          if (e.type === "suite" && e.event !== "started") return [new RegExp(`^test result: \\w+\\. ${e.passed} passed; ${e.failed} failed; ${e.ignored} ignored;`, "m")];
          if (e.type !== "test" || e.event !== "failed") return [];
          const lines = e.stdout.split("\n");
          const at = lines.findIndex((line) => line.startsWith(`thread '${e.name}'`));
          // The thread's id (`'tests::coupon' (18538)`) differs from run to run.
          const panic = escape(lines[at]).replace(/ \\\(\d+\\\) /, " \\(\\d+\\) ");
          return [new RegExp(`^---- ${escape(e.name)} stdout ----$`, "m"), new RegExp(`^${panic}\\n${escape(lines[at + 1])}$`, "m")];
        }),
    })),
  ),
  onFixture("generic", "a build log with a warning and an error (no parser)", "noisy-failure", () => ({
    command: [process.execPath, "run.mjs"],
    items: [/warning: deprecated option --legacy in build\.config\.js:4/, /Error: cannot resolve '\.\/missing\.js' from src\/index\.ts:12:3/, /build failed after 3\.2s/],
  })),
  ...gitCases(),
];

/** cargo's JSON lines on standard output (it exits 101 on failure; the lines are there either way). */
function cargoJson(dir, args, env = {}) {
  const out = spawnSync("cargo", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } }).stdout;
  return out.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
}

function vitestItems(dir) {
  const report = readJson(dir, "report.json");
  const items = [new RegExp(`Tests\\s+.*\\(${report.numTotalTests}\\)`)];
  for (const file of report.testResults) {
    if (file.assertionResults.length === 0 && file.message) items.push(new RegExp(escape(file.message.split("\n")[0])));
    for (const a of file.assertionResults.filter((r) => r.status === "failed")) {
      items.push(new RegExp(`FAIL .*${escape(a.title)}$`, "m"));
      items.push(new RegExp(escape(a.failureMessages[0].split("\n")[0])));
    }
  }
  return items;
}

/** git log, show and a release-sized diff from the measurement clones (skipped when absent). */
function gitCases() {
  const repos = [
    ["vitest-dev/vitest", join(MIRRORS, "vitest-dev+vitest", "repo")],
    ["vuejs/core", join(MIRRORS, "vuejs+core", "repo")],
    ["trpc/trpc", join(MIRRORS, "trpc+trpc", "repo")],
  ].filter(([, dir]) => existsSync(dir));
  const git = (dir, ...args) => execFileSync("git", ["--git-dir", dir, ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
  const pathItems = (dir, range) =>
    git(dir, "diff", "--numstat", "--no-renames", ...range)
      .trim()
      .split("\n")
      .map((row) => row.split("\t")[2])
      .map((path) => new RegExp(`(?: b/|: )${escape(path)}(?:$| \\()`, "m"));
  return repos.flatMap(([name, dir]) => {
    const head = git(dir, "rev-parse", "HEAD").trim();
    const back = git(dir, "rev-parse", "HEAD~30").trim();
    return [
      {
        family: "git",
        name: `git log -n 200 (${name})`,
        run: () => ({
          dir: mkdtempSync(join(scratch, "git-")),
          command: ["git", "--git-dir", dir, "log", "-n", "200", head],
          items: git(dir, "log", "-n", "200", "--format=%H", head).trim().split("\n").map((hash) => new RegExp(`^commit ${hash}`, "m")),
        }),
      },
      {
        family: "git",
        name: `git diff HEAD~30 HEAD (${name})`,
        run: () => ({ dir: mkdtempSync(join(scratch, "git-")), command: ["git", "--git-dir", dir, "diff", "--no-renames", back, head], items: pathItems(dir, [back, head]) }),
      },
    ];
  });
}

/** `--only <family>` measures one family and prints its rows without touching BENCHMARKS.md (a partial table would replace the whole). */
function main() {
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
  const rows = [];
  for (const spec of CASES.filter((c) => only === undefined || c.family === only)) {
    console.error(`bench-compress: ${spec.name}`);
    const { dir, command, items: itemSource, env } = spec.run();
    const { tool, verdict, exitCode, raw, shown } = compress(dir, command, env);
    const items = typeof itemSource === "function" ? itemSource() : itemSource;
    const count = (text) => items.filter((item) => item.test(text)).length;
    const shownTokens = tokens(shown);
    const base = baselines(raw, shownTokens);
    rows.push({
      family: spec.family,
      name: spec.name,
      tool,
      verdict,
      exitCode,
      rawTokens: tokens(raw),
      ctxTokens: shownTokens,
      items: items.length,
      ctxKept: count(shown),
      baseKept: Object.fromEntries(Object.entries(base).map(([k, text]) => [k, count(text)])),
    });
    console.error(JSON.stringify(rows.at(-1)));
  }
  rmSync(scratch, { recursive: true, force: true });
  if (only !== undefined) return;

  const pct = (value) => `${(value * 100).toFixed(1)}%`;
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const baseNames = Object.keys(rows[0].baseKept);
  const commit = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["-C", ROOT, "status", "--porcelain", "--", "src", "scripts"], { encoding: "utf8" }).trim() ? " + uncommitted changes" : "";
  const families = [...new Set(rows.map((r) => r.family))];
  const lines = [
    `### ctx compress: tokens and must-keep items`,
    "",
    `Run of ${new Date().toISOString().slice(0, 10)}, ctx at ${commit}${dirty}; command: \`npm run bench\` (scripts/bench-compress.mjs), default budget (1000 tokens).`,
    "Tokens: o200k (gpt-tokenizer) of the raw output and of what `ctx compress` prints (header, kept lines, markers, footer).",
    "Must-keep items come from each tool's own structured report of the same run, not from ctx's parser; the baselines are cut from",
    "the same cleaned output: `tail -n 50`, and the tail and head+tail holding as many tokens as ctx's output.",
    "",
    `| case | tool / verdict (exit) | raw tokens | ctx tokens | reduction | must-keep items | ctx | ${baseNames.join(" | ")} |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ${baseNames.map(() => "---:").join(" | ")} |`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.tool} / ${r.verdict} (${r.exitCode}) | ${r.rawTokens} | ${r.ctxTokens} | ${pct(1 - r.ctxTokens / r.rawTokens)} | ${r.items} | ${r.ctxKept} | ${baseNames.map((b) => r.baseKept[b]).join(" | ")} |`,
    ),
    "",
    `Median reduction per family on inputs over ${LARGE} tokens (target ≥ 80%), and must-keep items kept in all cases of the family:`,
    "",
    `| family | cases > ${LARGE} tokens | median reduction | target | ctx keeps | ${baseNames.join(" | ")} |`,
    `| --- | ---: | ---: | --- | ---: | ${baseNames.map(() => "---:").join(" | ")} |`,
    ...families.map((family) => {
      const all = rows.filter((r) => r.family === family);
      const large = all.filter((r) => r.rawTokens > LARGE);
      const reduction = median(large.map((r) => 1 - r.ctxTokens / r.rawTokens));
      const sum = (f) => all.reduce((n, r) => n + f(r), 0);
      const total = sum((r) => r.items);
      return `| ${family} | ${large.length} | ${large.length ? pct(reduction) : "–"} | ${large.length ? (reduction >= 0.8 ? "met" : "**not met**") : "–"} | ${sum((r) => r.ctxKept)} / ${total} | ${baseNames.map((b) => `${sum((r) => r.baseKept[b])} / ${total}`).join(" | ")} |`;
    }),
  ];
  replaceSection(join(ROOT, "BENCHMARKS.md"), "bench-compress", lines.join("\n"));
  console.error("bench-compress: wrote BENCHMARKS.md");
}

main();
