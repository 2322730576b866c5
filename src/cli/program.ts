import { resolve } from "node:path";
import { Command, InvalidArgumentError, Option } from "./commander.js";
import { KINDS, type Kind } from "../core/compress/compress-kinds.js";
import { MCP_CLIENTS, parseMcpClients, type McpClient } from "../core/init/mcp-config.js";
import { TRAVERSE_KINDS, type TraverseKind } from "../core/traverse/traverse-result.js";
import { GRAPHQL_OPERATIONS, HTTP_METHODS } from "../model.js";
import { UsageError } from "../errors.js";
import { ctxVersion } from "../io/ctx-version.js";
import { requireDirectory } from "../io/repo-root.js";

/** Hits a traverse answer prints before `+N more`; Caller, Callee and Impact are printed grouped (a line per file or caller), so they show more. */
const DEFAULT_LIMIT = 20;
const GROUPED_LIMIT = 200;

/** Where a command's output goes; tests pass buffers, the binary passes the process streams. */
export interface Terminal {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  /** Whether text may carry ANSI colours: off under NO_COLOR, on under FORCE_COLOR, else when stdout is a terminal. */
  colors?: boolean;
  /** Standard input, read whole (`ctx traverse Err -`); null when it is a terminal, absent when there is none to read. */
  readStdin?: () => Promise<string | null>;
}

/** Exit codes, decided here and nowhere else: 0 hit/ok, 1 miss/findings, 2 usage/config/internal. */
export const EXIT = { ok: 0, miss: 1, error: 2 } as const;

/** What a run decided: its exit code, and whether errors are to be printed as JSON (`--json`). */
export interface CliResult {
  code: number;
  json: boolean;
}

function parseKind(value: string): TraverseKind {
  const kind = TRAVERSE_KINDS.find((k) => k.toLowerCase() === value.toLowerCase());
  if (!kind) throw new InvalidArgumentError(`expected one of ${TRAVERSE_KINDS.join(", ")}`);
  return kind;
}

function parseClients(value: string): McpClient[] {
  const { clients, unknown } = parseMcpClients([value]);
  if (unknown !== null) throw new InvalidArgumentError(`"${unknown}" is not a client ctx configures: expected ${MCP_CLIENTS.join(", ")} (a comma list, or the option again)`);
  return clients;
}

function parseDepth(value: string): number {
  const depth = Number(value);
  if (!Number.isInteger(depth) || depth < 1 || depth > 3) throw new InvalidArgumentError("expected 1, 2 or 3");
  return depth;
}

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidArgumentError("expected a whole number ≥ 1");
  return limit;
}

/**
 * Flow's start and end: `--to`, else the words after the start (a route's method and path, unquoted,
 * are one start: `Flow GET /orders price`, `Flow mutation addItemToOrder price`).
 */
function flowQuery(words: readonly string[], to: string | undefined): { from: string; to: string | null } {
  if (to !== undefined) return { from: words.join(" "), to };
  const operation = words[0]!.toUpperCase();
  const take = words.length >= 2 && (((HTTP_METHODS as readonly string[]).includes(operation) && words[1]!.startsWith("/")) || (GRAPHQL_OPERATIONS as readonly string[]).includes(operation)) ? 2 : 1;
  const rest = words.slice(take).join(" ").trim();
  return { from: words.slice(0, take).join(" "), to: rest === "" ? null : rest };
}

function parseBudget(value: string): number {
  const budget = Number(value);
  if (!Number.isInteger(budget) || budget < 0) throw new InvalidArgumentError("expected a whole number of tokens ≥ 0 (0: no limit)");
  return budget;
}

/**
 * Builds the CLI without running anything: each action sets `result.code`. Command modules are
 * imported lazily so `ctx traverse` never loads the compiler.
 */
export function createProgram(terminal: Terminal, result: CliResult): Command {
  const program = new Command("ctx")
    .description("Deterministic context navigation for AI coding agents: compiler-grade indexes under .ai/, never stale.")
    .version(ctxVersion(), "-V, --version", "print ctx's version")
    .option("-C, --cwd <dir>", "run as if started in <dir>")
    .exitOverride()
    // A usage error on one line, like every other error: what is wrong, then where to look.
    // Under --json the error is printed as JSON by runCli instead.
    .configureOutput({
      writeOut: terminal.stdout,
      writeErr: terminal.stderr,
      outputError: (text, write) => {
        if (!result.json) write(`ctx: ${text.trim().replace(/^error: /, "")} — see \`ctx --help\`\n`);
      },
    })
    .hook("preAction", (_program, action) => {
      result.json = action.opts<{ json?: boolean }>().json === true;
      const directory = program.opts<{ cwd?: string }>().cwd;
      if (directory !== undefined) requireDirectory(resolve(terminal.cwd, directory), `-C ${directory}`);
    });

  const cwd = (): string => resolve(terminal.cwd, program.opts<{ cwd?: string }>().cwd ?? ".");

  program
    .command("init")
    .description("create .ai/ from the templates: HANDOFF.md, research, lessons, brain index, caches, index configuration")
    .addOption(new Option("--ci <provider>", "also add a CI workflow running `ctx index --check` and `ctx validate-handoff` on pull requests").choices(["github"]))
    .addOption(
      new Option("--mcp <clients>", `also configure ctx's MCP server for ${MCP_CLIENTS.join(", ")} (a comma list, or the option again)`)
        .argParser((value: string, previous: McpClient[] | undefined) => [...(previous ?? []), ...parseClients(value)]),
    )
    .option("--json", "print what was created, left alone and configured as JSON")
    .addHelpText(
      "after",
      [
        "",
        "Also: ctx's section of AGENTS.md (between markers; re-running updates it) with CLAUDE.md pointing at it, the",
        ".gitattributes lines and the git merge driver that keep generated indexes from conflicting.",
        "Never overwrites a file of yours: run it again after an upgrade to add what is new.",
        "",
        "--mcp sets the `ctx` server in the client's project file and keeps every other server in it: claude → .mcp.json,",
        "cursor → .cursor/mcp.json, vscode → .vscode/mcp.json; codex keeps servers in ~/.codex/config.toml, so for codex",
        "init prints the `codex mcp add` line to run. Nothing is written when one of those files is not valid JSON (exit 2).",
        "",
        "Examples:",
        "  ctx init",
        "  ctx init --ci github     # also .github/workflows/ctx.yml",
        "  ctx init --mcp claude    # also .mcp.json, for Claude Code",
        "  ctx init --mcp cursor,vscode --mcp codex",
        "  ctx init --json",
      ].join("\n"),
    )
    .action(async (options: { ci?: "github"; mcp?: McpClient[]; json?: boolean }) => {
      const { runInit } = await import("./commands/init-command.js");
      const { renderInitText } = await import("./render/init-text.js");
      const done = await runInit(cwd(), { ci: options.ci, mcp: options.mcp });
      terminal.stdout(options.json ? `${JSON.stringify(done, null, 2)}\n` : renderInitText(done));
      result.code = EXIT.ok;
    });

  program
    .command("index")
    .description("build or refresh .ai/symbol_index.md, endpoint_index.md, call_index.md, file_index.md and domain-manifest.yaml")
    .option("--check", "do not write; exit 1 listing out-of-date files when the committed index does not match the tree")
    .option("--json", "print a JSON summary")
    .option("-q, --quiet", "print nothing on success")
    .addHelpText(
      "after",
      ["", "Examples:", "  ctx index              # incremental: re-parses only files whose hash changed", "  ctx index --check      # CI gate: exit 1 when .ai/ is out of date"].join("\n"),
    )
    .action(async (options: { check?: boolean; json?: boolean; quiet?: boolean }) => {
      const { runIndex } = await import("./commands/index-command.js");
      const { renderIndexText } = await import("./render/index-text.js");
      const { createProgress } = await import("./render/progress.js");
      const progress = createProgress(terminal, !options.quiet && !options.json && terminal.isTTY);
      const summary = await runIndex({ cwd: cwd(), check: options.check === true, onProgress: progress.update });
      progress.done();
      if (options.json) terminal.stdout(`${JSON.stringify(summary, null, 2)}\n`);
      else if (!options.quiet || (summary.check && !summary.check.upToDate)) terminal.stdout(renderIndexText(summary, terminal.colors === true));
      result.code = summary.check && !summary.check.upToDate ? EXIT.miss : EXIT.ok;
    });

  program
    .command("traverse")
    .description("answer from the index, after re-hashing the files behind the answer")
    .addArgument(new Command().createArgument("<kind>", `one of ${TRAVERSE_KINDS.join(", ")} (any case)`).argParser(parseKind))
    .argument(
      "<query...>",
      "Symbol, Caller, Callee, Impact: Foo | Class.member | path/file.ts:Foo | path/file.ts:LINE; Endpoint: 'GET /users/:id' | fragment | handler; Module: name | path; Err: the error text; Brain: words",
    )
    .option("--json", "print one JSON object")
    .addOption(new Option("--limit <n>", `hits to print before \`+N more\` (default ${DEFAULT_LIMIT}; ${GROUPED_LIMIT} for Caller, Callee and Impact, printed grouped)`).argParser(parseLimit))
    .addOption(new Option("--depth <n>", "Caller/Callee: levels to walk, printed as a tree (1-3); Impact walks them all").default(1).argParser(parseDepth))
    .option("--tests", "Caller/Callee: list the call sites in test files too, after the others of their level; Impact: list the test declarations that reach the target (by default both are counted)")
    .option("--timings", "also print where the time went, phase by phase, as one JSON line on stderr")
    .option("--to <declaration>", "Flow: the call paths from the start to this declaration, instead of the tree")
    .addOption(new Option("--budget <tokens>", "Flow: the most tokens the tree may take; it is shown as deep as fits").argParser(parseBudget))
    .option("--exact", "Caller/Callee: settle the unresolved candidate sites with the TypeScript checker, over only their files and what they import (slower; says how long it took)")
    .addHelpText(
      "after",
      [
        "",
        "Exit codes: 0 hit, 1 miss (TRAVERSE_MISS, with a fallback search), 2 usage or internal error.",
        "",
        "Examples:",
        "  ctx traverse Symbol UsersService",
        "  ctx traverse Symbol UsersService.findOne --json",
        "  ctx traverse Symbol src/users/users.service.ts:findOne",
        "  ctx traverse Endpoint 'GET /users/:id'",
        "  ctx traverse Module billing",
        "  ctx traverse Caller UsersService.findOne            # who calls it, resolved as the compiler would",
        "  ctx traverse Callee src/app.ts:bootstrap --depth 2  # what it calls, two levels down",
        "  ctx traverse Caller Observer.setOptions --exact     # the candidates settled by the TypeScript checker",
        "  ctx traverse Impact OrderService.applyPromotions    # every entry point (route, command, export) that reaches it, any depth",
        "  ctx traverse Impact src/order.ts:120 --tests        # the declaration holding that line; also the tests to run",
        "  ctx traverse Flow 'POST /orders'                    # what a route runs: its call tree, as deep as the budget allows",
        "  ctx traverse Flow OrdersController.create --to price   # the call paths from one to the other",
        "  ctx traverse Err \"TypeError: Cannot read properties of undefined (reading 'id')\"   # a recorded fix for this error",
        "  npm test 2>&1 | tail -n 30 | ctx traverse Err -     # the error text from standard input",
        '  ctx traverse Brain "retry webhooks"                 # lessons and brain entries, ranked',
        "  ctx traverse Symbol Foo || rg -n -w Foo",
      ].join("\n"),
    )
    .action(async (kind: TraverseKind, words: string[], options: { json?: boolean; limit?: number; depth: number; tests?: boolean; timings?: boolean; exact?: boolean; to?: string; budget?: number }) => {
      if (options.exact && kind !== "Caller" && kind !== "Callee") throw new UsageError(`--exact settles call sites: it applies to Caller and Callee, not ${kind}`, `ctx traverse Caller <name> --exact`);
      const { PhaseClock } = await import("./phase-clock.js");
      // From the process's start: node, ctx's modules and commander are the first phase.
      const clock = new PhaseClock(0);
      const { runTraverse } = await import("./commands/traverse-command.js");
      const { renderTraverseText, traverseJson } = await import("./render/traverse-text.js");
      clock.mark("start-up");
      let query = words.join(" ");
      if (query === "-" && (kind === "Err" || kind === "Brain")) {
        query = (await terminal.readStdin?.())?.trim() ?? "";
        if (query === "") throw new UsageError(`\`ctx traverse ${kind} -\` read nothing from standard input`, `pipe the ${kind === "Err" ? "error output" : "words"} in, e.g. \`npm test 2>&1 | ctx traverse ${kind} -\``);
      }
      // One level of callers prints a file's sites on one line: a hub's whole answer costs less than a second call for the rest.
      const limit = options.limit ?? (kind === "Caller" || kind === "Callee" || kind === "Impact" ? GROUPED_LIMIT : DEFAULT_LIMIT);
      if ((options.to !== undefined || options.budget !== undefined) && kind !== "Flow") throw new UsageError(`--to and --budget apply to Flow, not ${kind}`, `ctx traverse Flow <from> --to <declaration>`);
      const flow = kind === "Flow" ? flowQuery(words, options.to) : null;
      const traversal = await runTraverse({ cwd: cwd(), kind, query: flow?.from ?? query, limit, depth: options.depth, tests: options.tests === true, exact: options.exact === true, to: flow?.to ?? null, ...(options.budget !== undefined ? { budget: options.budget } : {}) });
      clock.mark("look up and check freshness");
      const { exact } = traversal;
      const exactLines = exact ? (await import("./render/exact-text.js")).renderExactLines(kind, exact, traversal.hits) : [];
      terminal.stdout(
        options.json
          ? `${JSON.stringify({ ...traverseJson(traversal), ...(exact ? { exact } : {}) })}\n`
          : `${renderTraverseText(traversal, { depth: options.depth })}${exactLines.map((line) => `${line}\n`).join("")}`,
      );
      clock.mark("render");
      if (options.timings) terminal.stderr(`${JSON.stringify({ phases: clock.toJSON() })}\n`);
      result.code = traversal.status === "hit" ? EXIT.ok : EXIT.miss;
    });

  program
    .command("show")
    .description("one declaration's source as it is now, with line numbers and its doc comment: instead of cat or sed -n")
    .argument("<query...>", "Name | Class.member | path/file.ts:Name | path/file.ts:LINE (the declaration holding it) | 'GET /users/:id' (its handler)")
    .addOption(new Option("--budget <tokens>", "the most the source may take; 0 for all of it").default(1000).argParser(parseBudget))
    .option("--json", "print one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "The file is re-hashed first: unchanged, the index says where the declaration is; changed, the file is parsed now",
        "and the declaration shown as it is (marked so); gone, a TRAVERSE_MISS with the search to run instead. A query",
        "that names several declarations lists them, one line each, best first. Exit codes: 0 hit, 1 miss, 2 usage error.",
        "",
        "Examples:",
        "  ctx show UsersService.findOne",
        "  ctx show src/users/users.service.ts:42",
        "  ctx show 'GET /users/:id' --budget 2000",
        "  ctx show createApp --json",
      ].join("\n"),
    )
    .action(async (words: string[], options: { budget: number; json?: boolean }) => {
      const { runShow } = await import("./commands/show-command.js");
      const { renderShowText, showJson } = await import("./render/read-text.js");
      const shown = await runShow({ cwd: cwd(), query: words.join(" "), budget: options.budget });
      terminal.stdout(options.json ? `${JSON.stringify(showJson(shown))}\n` : renderShowText(shown));
      result.code = shown.status === "hit" ? EXIT.ok : EXIT.miss;
    });

  program
    .command("outline")
    .description("the declarations of a file (members under their class), or the top level of each file of a folder or module")
    .argument("[target]", "a file, a folder, or a module name (default: the whole repository)", ".")
    .addOption(new Option("--budget <tokens>", "the most the outline may take; 0 for all of it").default(1000).argParser(parseBudget))
    .option("--json", "print one JSON object (never cut)")
    .addHelpText(
      "after",
      [
        "",
        "One line per declaration: lines, kind, name, + when exported, then its first line of code. Files changed since",
        "indexing are parsed now (marked so). Exit codes: 0 hit, 1 miss, 2 usage error.",
        "",
        "Examples:",
        "  ctx outline src/users/users.service.ts",
        "  ctx outline src/users",
        "  ctx outline billing --budget 2000",
      ].join("\n"),
    )
    .action(async (target: string, options: { budget: number; json?: boolean }) => {
      const { runOutline } = await import("./commands/outline-command.js");
      const { renderOutlineText, outlineJson } = await import("./render/read-text.js");
      const outline = await runOutline({ cwd: cwd(), target });
      terminal.stdout(options.json ? `${JSON.stringify(outlineJson(outline))}\n` : renderOutlineText(outline, options.budget));
      result.code = outline.status === "hit" ? EXIT.ok : EXIT.miss;
    });

  program
    .command("validate-handoff")
    .description("the gate before building: check .ai/HANDOFF.md's sections, placeholders, commands, cited paths and symbols")
    .argument("[path]", "the handoff to check (default: .ai/HANDOFF.md at the repository root)")
    .option("--json", 'print {"path","valid","empty","errors":[{"rule","line","message","fix"}],"warnings":[…]} (every problem, uncapped)')
    .option("--allow-empty", "pass the untouched template (HANDOFF_EMPTY: no task in progress), as CI does; a partly filled one still fails")
    .addOption(new Option("--format <format>", "text, or github for workflow annotations").choices(["text", "github"]).default("text"))
    .addHelpText(
      "after",
      [
        "",
        "Fails on: a missing file or more than 30 lines (warns above 20); a missing or empty section; a template",
        "placeholder, TODO or TBD left in; unnumbered edit steps; no command under Verification commands; a cited",
        "path that does not exist or lies outside the repository, or a path:line past the file's end; a symbol in",
        "\"Exact paths and symbols\" that `ctx traverse Symbol` does not find fresh. Mark a line (new) or (deleted)",
        "when the task creates or removes what it cites.",
        "",
        "Text shows at most five problems of each rule, then how many more.",
        "",
        "Exit codes: 0 valid (or, with --allow-empty, the untouched template), 1 invalid or HANDOFF_EMPTY, 2 usage error.",
        "",
        "Examples:",
        "  ctx validate-handoff",
        "  ctx validate-handoff docs/plan.md --json",
        "  ctx validate-handoff --format github --allow-empty   # in a GitHub Actions step",
      ].join("\n"),
    )
    .action(async (path: string | undefined, options: { json?: boolean; allowEmpty?: boolean; format: "text" | "github" }) => {
      const { runValidateHandoff } = await import("./commands/validate-handoff-command.js");
      const { handoffJson, renderHandoffGithub, renderHandoffText } = await import("./render/handoff-text.js");
      const validation = await runValidateHandoff(cwd(), path);
      const allowEmpty = options.allowEmpty === true;
      if (options.json) terminal.stdout(`${JSON.stringify(handoffJson(validation), null, 2)}\n`);
      else terminal.stdout(options.format === "github" ? renderHandoffGithub(validation, allowEmpty) : renderHandoffText(validation, allowEmpty));
      result.code = validation.report.valid || (allowEmpty && validation.report.empty) ? EXIT.ok : EXIT.miss;
    });

  const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
  const commaList = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(",").map((v) => v.trim()).filter(Boolean)];
  program
    .command("complete-task")
    .description("close a task: keep its lesson, brain entry, hot-cache and incident lines; archive and reset the handoff")
    .option("--type <type>", "bug-fix, feature, pattern, decision, optimization or refactor")
    .option("--title <text>", "one line naming the task (default: the problem's first 120 characters)")
    .option("--keywords <list>", "comma-separated words a later search will use", commaList)
    .option("--problem <text>", "what was wrong or missing")
    .option("--solution <text>", "what was done about it (the fix summary a hot-cache hit shows)")
    .option("--root-cause <text>", "why it happened")
    .option("--failed <text>", "an approach that did not work, and why (repeatable)", collect)
    .option("--files <list>", "files changed, comma-separated (default: the handoff's Changed files)", commaList)
    .option("--lesson <text>", "what to do next time: the reusable part")
    .option("--error <text>", "the error text the task fixed: makes a hot-cache line `ctx traverse Err` finds")
    .option("--incident", "also record it in incident-cache.jsonl (cause: --root-cause, fix: --solution)")
    .option("--from <file>", "read the fields from a YAML file (keys as the flags: type, keywords, root-cause, incident: {error, cause, fix} …); flags override it")
    .option("--force", "record even though the handoff does not validate (the entry says so)")
    .option("--dry-run", "print what would be written, write nothing")
    .option("--no-index", "do not refresh the index first")
    .option("--json", "print one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "It refreshes the index, then refuses (exit 1) while .ai/HANDOFF.md does not pass `ctx validate-handoff`.",
        "Then, under one lock so that tasks completed at once are all kept: appends the lesson to lessons-learned.md,",
        "writes .ai/brain/<id>.md and its brain-index.md row, appends hot-cache.jsonl (with --error) and",
        "incident-cache.jsonl (with --incident), archives HANDOFF.md under .ai/archive/ and resets it and research.md",
        "from the templates.",
        "",
        "Examples:",
        '  ctx complete-task --type bug-fix --keywords users,404 --problem "GET /users/:id answered 500 for an empty id" \\',
        '    --root-cause "the id reached the database unchecked" --solution "validate the id in getUser" \\',
        '    --lesson "validate request input at the route" --error "TypeError: Cannot read properties of undefined (reading \'id\')"',
        "  ctx complete-task --from task.yaml --dry-run",
      ].join("\n"),
    )
    .action(async (options: Record<string, unknown>) => {
      const { runCompleteTask } = await import("./commands/complete-task-command.js");
      const { completeTaskJson, renderCompleteTaskText } = await import("./render/complete-task-text.js");
      const text = (key: string): string | undefined => (typeof options[key] === "string" ? (options[key] as string) : undefined);
      const input = {
        type: text("type"),
        title: text("title"),
        keywords: options.keywords as string[] | undefined,
        problem: text("problem"),
        solution: text("solution"),
        rootCause: text("rootCause"),
        failedApproaches: options.failed as string[] | undefined,
        files: options.files as string[] | undefined,
        lesson: text("lesson"),
        error: text("error"),
        incident: options.incident === true ? (true as const) : undefined,
      };
      const done = await runCompleteTask({
        cwd: cwd(),
        input,
        from: text("from"),
        force: options.force === true,
        dryRun: options.dryRun === true,
        refreshIndex: options.index !== false,
        date: new Date().toISOString().slice(0, 10),
      });
      terminal.stdout(options.json ? `${JSON.stringify(completeTaskJson(done), null, 2)}\n` : renderCompleteTaskText(done));
      result.code = done.status === "refused" ? EXIT.miss : EXIT.ok;
    });

  program
    .command("compress")
    .description("run a noisy command (or read its output) and print what matters; the raw output is kept, nothing invented")
    .argument("[command...]", "the command and its arguments, after `--` (no shell unless --shell)")
    .option("--shell", "run the command through the shell (pipes, globs, &&)")
    .addOption(new Option("--budget <tokens>", "the most the compressed output may take").default(1000).argParser(parseLimit))
    .addOption(new Option("--kind <family>", "parse the output as this family (default: told from the command and the output)").choices(KINDS))
    .option("--raw <id>", "print a kept raw output whole (its id is in the first line of the compressed output)")
    .option("--json", 'print {"tool","exitCode","verdict","counts","items","omitted","raw","tokens":{"raw","out"},"output"}')
    .addHelpText(
      "after",
      [
        "",
        "Exit code: the command's own; 0 for standard input; 2 when the command cannot be started, or when there is",
        "no command and standard input is a terminal (nothing was piped in).",
        "Output of 5 lines or 500 bytes or less is printed unchanged. Otherwise every line printed is a line of the",
        "output (colours and \\r redraws removed) or starts with [ctx]; every cut says how many lines it hid; the raw",
        "output is kept under .ai/logs/ (mode 0600; the newest 50, 32 MiB at most).",
        "",
        "Examples:",
        "  ctx compress -- npm test",
        "  ctx compress --shell -- 'npm run build && npm test'",
        "  npm test 2>&1 | ctx compress",
        "  git diff | ctx compress --kind git --budget 3000",
        "  ctx compress --raw 20261203-104500-a1b2c3",
      ].join("\n"),
    )
    .action(async (command: string[], options: { shell?: boolean; budget: number; kind?: Kind; raw?: string; json?: boolean }) => {
      const { readRaw, runCompress } = await import("./commands/compress-command.js");
      if (options.raw !== undefined) {
        terminal.stdout(readRaw(cwd(), options.raw));
        result.code = EXIT.ok;
        return;
      }
      const { compressJson, renderCompressText } = await import("./render/compress-text.js");
      const done = await runCompress({
        cwd: cwd(),
        command,
        shell: options.shell === true,
        budget: options.budget,
        kind: options.kind,
        readStdin: async () => (terminal.readStdin ? terminal.readStdin() : null),
        now: new Date(),
      });
      terminal.stdout(options.json ? `${JSON.stringify(compressJson(done))}\n` : renderCompressText(done));
      result.code = done.exitCode ?? EXIT.ok;
    });

  const hook = program
    .command("hook")
    .description("keep .ai/ current on every commit: a pre-commit hook that refreshes the index and stages it")
    .addHelpText(
      "after",
      [
        "",
        "The hook honours core.hooksPath, runs a hook that was already there first (uninstall puts it back), finds",
        "ctx in node_modules/.bin or on PATH (never downloads it), and lets the commit through when ctx is missing.",
        "Under husky or lefthook, install prints the line to add to their configuration instead.",
        "",
        "Examples:",
        "  ctx hook install",
        "  ctx hook status --json",
        "  ctx hook uninstall",
      ].join("\n"),
    );
  for (const [action, description] of [
    ["install", "install the pre-commit and pre-merge-commit hooks and register the index merge driver"],
    ["uninstall", "remove ctx's hooks and restore the ones they replaced"],
    ["status", "show which hooks are installed and whether they find ctx"],
  ] as const) {
    hook
      .command(action)
      .description(description)
      .option("--json", "print the hooks' state as JSON")
      .action(async (options: { json?: boolean }) => {
        const { runHook } = await import("./commands/hook-command.js");
        const { renderHookText } = await import("./render/hook-text.js");
        const done = await runHook(cwd(), action);
        terminal.stdout(options.json ? `${JSON.stringify(done, null, 2)}\n` : renderHookText(done));
        // Not installed because a hook manager owns the hooks: the user has a line to add.
        result.code = action === "install" && !done.changed ? EXIT.miss : EXIT.ok;
      });
  }
  hook
    .command("run")
    .description("what the installed hook runs: refresh the index when staged files can change it, and stage it")
    .option("--merge", "as pre-merge-commit: exit 1 when the regenerated index was staged, for the user to commit the merge with it")
    .option("--json", "print what was refreshed and staged as JSON")
    .action(async (options: { merge?: boolean; json?: boolean }) => {
      const { runHookRun } = await import("./commands/hook-command.js");
      const { renderHookRunText } = await import("./render/hook-text.js");
      const done = await runHookRun(cwd());
      const stop = options.merge === true && done.staged.length > 0;
      (options.json ? terminal.stdout : terminal.stderr)(options.json ? `${JSON.stringify(done)}\n` : renderHookRunText(done, stop));
      // git commits an automatic merge with the tree it had before this hook ran: the refreshed index would miss it.
      result.code = stop ? EXIT.miss : EXIT.ok;
    });

  program
    .command("mcp")
    .description("serve ctx to an agent over the Model Context Protocol (stdio): one tool for lookups, brief and the handoff gate")
    .addHelpText(
      "after",
      [
        "",
        "The tool takes {\"request\": \"symbol\" | \"caller\" | \"callee\" | \"endpoint\" | \"module\" | \"err\" | \"brain\" | \"brief\" |",
        "\"validate_handoff\" | \"escape\", \"query\", …} and answers with the JSON of `ctx traverse --json` / `ctx brief --json`,",
        "paged to a token budget (`more`, `cursor`). It reads the repository it is started in, or the one -C names",
        "(`ctx mcp -C <dir>`: -C after `mcp`, as `npx` reads the options before the command's first word as its own).",
        "`ctx init --mcp claude|cursor|vscode|codex` writes the client's configuration.",
        "",
        "Examples (with ctx-nav installed in the project; where it is not, `npx --no` fails rather than downloads):",
        "  ctx init --mcp claude,cursor,vscode",
        "  claude mcp add ctx -- npx --no -- ctx-nav mcp",
        "  codex mcp add ctx -- npx --no -- ctx-nav mcp",
        "  ctx mcp -C ../app       # serve another folder",
      ].join("\n"),
    )
    .action(async () => {
      const { runMcpServer } = await import("./commands/mcp-command.js");
      await runMcpServer(cwd());
      result.code = EXIT.ok;
    });

  program
    .command("brief")
    .description("where to start on a task: git and index state, the handoff, the task's lane, and ranked files — read-only")
    .argument("[task...]", "the task in words (default: the handoff's objective)")
    .addOption(new Option("--role <role>", "who reads it: shapes the next step").choices(["planner", "builder", "reviewer"]))
    .addOption(new Option("--budget <tokens>", "text output limit in tokens, lowest-ranked lines cut first (default: 700 in the Full lane, 350 in Small and Answer)").argParser(parseLimit))
    .option("--json", "print one JSON object (lists are not cut to the budget)")
    .option("--timings", "also print where the time went, phase by phase, as one JSON line on stderr")
    .addHelpText(
      "after",
      [
        "",
        "Lanes: Answer (a question: read, do not edit), Small (a change anchored to ≤ 2 source files, no risky area),",
        "Full (plan → build → review). Risky areas — auth, payment, schema/migration, security, concurrency, public API — force Full.",
        "",
        "Examples:",
        '  ctx brief "fix the 404 in GET /users/:id"',
        '  ctx brief "where is the retry policy for webhooks decided?" --budget 400',
        "  ctx brief --role reviewer",
        '  ctx brief "rename UsersService.findOne to findById" --json',
      ].join("\n"),
    )
    .action(async (words: string[], options: { role?: "planner" | "builder" | "reviewer"; budget?: number; json?: boolean; timings?: boolean }) => {
      const { PhaseClock } = await import("./phase-clock.js");
      // From the process's start: node, ctx's modules and commander are the first phase.
      const clock = new PhaseClock(0);
      const { runBrief } = await import("./commands/brief-command.js");
      const { renderBriefText, briefJson } = await import("./render/brief-text.js");
      clock.mark("start-up");
      const brief = await runBrief({ cwd: cwd(), task: words.length > 0 ? words.join(" ") : null, role: options.role ?? null }, clock);
      terminal.stdout(options.json ? `${JSON.stringify(briefJson(brief))}\n` : renderBriefText(brief, options.budget));
      clock.mark("render");
      if (options.timings) terminal.stderr(`${JSON.stringify({ phases: clock.toJSON() })}\n`);
      result.code = EXIT.ok;
    });

  return program;
}
