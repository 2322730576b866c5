/** ctx's section of AGENTS.md lies between these: re-running `ctx init` replaces it, and nothing outside it. */
export const SECTION_BEGIN = "<!-- ctx:begin (maintained by `ctx init`; edit outside these markers) -->";
export const SECTION_END = "<!-- ctx:end -->";

/**
 * Where ctx is for a repository: installed in it (node_modules/.bin/ctx of the ctx-nav package), the
 * repository is ctx-nav itself (run from source), on PATH (a `ctx` that is ctx-nav), or none of these.
 */
export type CtxLocation = "local" | "own" | "path" | null;

/**
 * The command that runs ctx where the instructions will be followed: the installed bin when there is
 * one (no npm start-up, and it fails rather than downloads when missing), else npx by the package's
 * name. NOTE: never npx with the bare name `ctx`: on the registry that is someone else's package, and
 * npx fetches and runs a package it cannot find locally (without a terminal it does not even ask).
 */
export function ctxInvocation(location: CtxLocation): string {
  switch (location) {
    case "local":
      return "node_modules/.bin/ctx";
    case "own":
      return "node bin/ctx.js";
    case "path":
      return "ctx";
    case null:
      return "npx -y ctx-nav";
  }
}

/**
 * What a hook manager's hook runs (git runs hooks at the top of the work tree): the installed bin,
 * which fails rather than downloads, and costs no npm start-up on every commit.
 */
export function hookRunCommand(location: CtxLocation): string {
  return location === "path" || location === "own" ? `${ctxInvocation(location)} hook run` : "node_modules/.bin/ctx hook run";
}

/**
 * The lines of the agent instructions that say how to call ctx here, what a call costs, and what never
 * to run. NOTE: the costs are measured (README): ~0.2 s of CPU through the bin, ~1 s through npx.
 */
export function invocationNote(location: CtxLocation): string[] {
  const never = "Never put the bare name `ctx` after `npx`: on the registry that is someone else's package.";
  switch (location) {
    case "local":
      return [
        "- Call ctx as written here: `node_modules/.bin/ctx …`, run from the repository root, is the ctx-nav installed in it",
        `  (about 0.2 s a call; \`npx\` would add about 1 s to each). ${never}`,
      ];
    case "own":
      return ["- This repository is ctx itself: `node bin/ctx.js …` runs its build (`npm run build` first)."];
    case "path":
      return [`- Call ctx as written here: \`ctx\` is the ctx-nav on your PATH (about 0.2 s a call). ${never}`];
    case null:
      return [
        "- ctx is not installed here: `npx -y ctx-nav …` fetches the ctx-nav package (about 1 s a call); after `npm i -D ctx-nav`,",
        `  \`node_modules/.bin/ctx init\` switches these lines to the installed bin (about 0.2 s). ${never}`,
      ];
  }
}

/**
 * `text` with every command it quotes (`` `ctx …` ``) as `invocation` runs it: a hint an agent follows
 * word for word must work where it is followed.
 */
export function spokenAs(text: string, invocation: string): string {
  return invocation === "ctx" ? text : text.replaceAll("`ctx ", `\`${invocation} `);
}

/** Short on purpose: agents given many or loud instructions misfire; this says when each command helps, and no more. */
export function agentSection(location: CtxLocation): string {
  const [heading, ...body] = SECTION_BODY.map((line) => spokenAs(line, ctxInvocation(location)));
  return [SECTION_BEGIN, heading, ...invocationNote(location), ...body, SECTION_END].join("\n");
}

const SECTION_BODY = [
  "## Finding your way with ctx",
  "- Start a task with `ctx brief \"<the task>\"`: git state, the handoff, the task's lane and the few files to read first.",
  "- Read with ctx, not `cat`: `ctx outline <file|folder>` lists declarations with their lines; `ctx show <Name>`",
  "  (or `path:Name`, `path:LINE`, `\"GET /route\"`) prints one declaration as it is now. Then edit.",
  "- Look code up by name before searching: `ctx traverse Symbol <Name>`, `Caller <fn>`, `Callee <fn>`,",
  "  `Endpoint \"<a URL, log line or curl as you have it>\"`, `Module <name>`, `Err \"<error text>\"`. Every answer was checked against the file's",
  "  current SHA-256: trust its `path:line`. `Caller` lists every site and accounts for every other line a grep",
  "  would print (its `rg -w` line); a last line starting `complete` means there is nothing left for a grep to find.",
  "  Unresolved calls it lists last are not proven either way: each may call it. `Caller <fn> --exact` settles",
  "  them with the type checker (seconds); read the lines it leaves.",
  "- What reaches a function, at any depth (\"what does changing it affect\", \"which routes call it\"): `ctx traverse",
  "  Impact <fn|path:LINE>` — each route, listener or export once, the chain to it (events, queues, middleware followed).",
  "- How a route or function works, before reading its files: `ctx traverse Flow <\"POST /route\"|fn> [<to>]` — what it",
  "  calls, as a tree to the depth that fits, each declaration once with its `path:line`; with `<to>`, the call paths.",
  "- `TRAVERSE_MISS` means no fresh answer: search narrowly (`rg -n -w <Name> <dir>`), do not read whole trees.",
  "- Config files, prose and exact text are questions for `rg`, not for ctx.",
  "- Before editing, write `.ai/HANDOFF.md` (≤ 30 lines: exact paths and symbols, numbered steps, verification",
  "  commands) and check it with `ctx validate-handoff`; close the task with `ctx complete-task` to keep its lesson.",
  "- Run noisy commands through `ctx compress -- <command>` (tests, builds, `git diff`): failures, counts and the exit",
  "  code are kept; the raw output is under `.ai/logs/` (`ctx compress --raw <id>`).",
  "- The indexes under `.ai/` are generated by `ctx index`: never edit them by hand.",
];

/** What CLAUDE.md needs so Claude Code reads the same instructions (`@file` imports a file into its memory). */
export const CLAUDE_POINTER = [SECTION_BEGIN, "@AGENTS.md", SECTION_END].join("\n");

/**
 * The file with ctx's section in place: replaced between the markers when it is there, appended
 * otherwise (a new file is just the section). Returns null when the file already holds exactly it.
 */
export function withSection(existing: string | null, section: string): string | null {
  if (existing === null || existing.trim() === "") return `${section}\n`;
  const begin = existing.indexOf(SECTION_BEGIN);
  const end = begin < 0 ? -1 : existing.indexOf(SECTION_END, begin);
  const next = begin >= 0 && end >= 0 ? existing.slice(0, begin) + section + existing.slice(end + SECTION_END.length) : `${existing}${existing.endsWith("\n") ? "\n" : "\n\n"}${section}\n`;
  return next === existing ? null : next;
}
