import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, CTX_HERE } from "../helpers/fixture.js";

const HANDOFFS = join(import.meta.dirname, "..", "fixtures", "handoff", "handoffs");

/** The `ctx validate-handoff …` commands of the workflow `ctx init --ci github` wrote, as argv after `ctx`. */
function workflowHandoffCommands(dir: string): string[][] {
  const workflow = readFileSync(join(dir, ".github", "workflows", "ctx.yml"), "utf8");
  return [...workflow.matchAll(/run: node_modules\/\.bin\/ctx (validate-handoff[^\n]*)/g)].map((match) => match[1]!.trim().split(/\s+/));
}

describe("the handoff when no task is in progress", () => {
  it("fails the agent's gate as HANDOFF_EMPTY, passes CI's with --allow-empty after init and after complete-task, and a partly filled one fails both", async () => {
    const dir = copyFixture("handoff/project");
    expect((await ctx(dir, "init", "--ci", "github")).code).toBe(0);
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const commands = workflowHandoffCommands(dir);
    expect(commands).toEqual([["validate-handoff", "--format", "github", "--allow-empty"]]);

    const strict = await ctx(dir, "validate-handoff");
    expect(strict.code).toBe(1);
    expect(strict.stdout.split("\n")[0]).toBe("HANDOFF_EMPTY no task in progress: .ai/HANDOFF.md is the untouched template — fill it in before building (CI passes it with --allow-empty)");
    const json = JSON.parse((await ctx(dir, "validate-handoff", "--json")).stdout) as { valid: boolean; empty: boolean };
    expect(json).toMatchObject({ valid: false, empty: true });

    const ci = await ctx(dir, ...commands[0]!);
    expect(ci.code, ci.stdout).toBe(0);
    expect(ci.stdout).toBe("HANDOFF_EMPTY no task in progress: .ai/HANDOFF.md is the untouched template\n");

    // Partly filled: the objective written, the rest still the template's.
    const template = readFileSync(join(dir, ".ai", "HANDOFF.md"), "utf8");
    writeFileSync(join(dir, ".ai", "HANDOFF.md"), template.replace(/^\[What this task achieves.*$/m, "Reject an empty id in GET /users/:id with a 400."));
    const partial = await ctx(dir, ...commands[0]!);
    expect(partial.code).toBe(1);
    expect(partial.stdout).toContain("::error file=.ai/HANDOFF.md");

    // A task done: complete-task resets the handoff to the template, and CI passes again.
    copyFileSync(join(HANDOFFS, "valid.md"), join(dir, ".ai", "HANDOFF.md"));
    const done = await ctx(dir, "complete-task", "--type", "bug-fix", "--keywords", "users", "--problem", "an empty id gave a 500", "--solution", "validate the id at the route", "--lesson", "validate input at the route", "--no-index");
    expect(done.code, done.stderr).toBe(0);
    expect((await ctx(dir, ...commands[0]!)).code).toBe(0);
  });

  it("prints at most five problems of each rule, then how many more", async () => {
    const dir = copyFixture("handoff/project");
    writeFileSync(join(dir, "huge.md"), `# Handoff\n${Array.from({ length: 10_000 }, (_, i) => `TODO line ${i} src/nope${i}.ts`).join("\n")}\n`);
    const run = await ctx(dir, "validate-handoff", "huge.md");
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(40);
    expect(lines.filter((line) => line.startsWith("HANDOFF_FAIL todo line"))).toHaveLength(5);
    expect(lines).toContain(`HANDOFF_FAIL todo: 9995 more like these (\`${CTX_HERE} validate-handoff --json\` lists every one)`);
    const json = JSON.parse((await ctx(dir, "validate-handoff", "huge.md", "--json")).stdout) as { path: string; errors: { rule: string }[] };
    expect(json.path).toBe("huge.md");
    expect(json.errors.filter((error) => error.rule === "todo")).toHaveLength(10_000);
  });

  it("documents the JSON it prints, path included", async () => {
    const help = await ctx(".", "validate-handoff", "--help");
    expect(help.stdout).toContain('{"path","valid","empty","errors"');
  });
});
