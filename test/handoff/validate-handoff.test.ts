import { appendFileSync, copyFileSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, CTX_HERE, indexedFixture, tempDir } from "../helpers/fixture.js";

const HANDOFFS = join(import.meta.dirname, "..", "fixtures", "handoff", "handoffs");

interface Report {
  valid: boolean;
  errors: { rule: string; line: number; message: string; fix: string }[];
  warnings: { rule: string; line: number; message: string; fix: string }[];
}

/** The users project, indexed, with `handoff` (a file of fixtures/handoff/handoffs) as its .ai/HANDOFF.md. */
async function projectWith(handoff: string): Promise<string> {
  const dir = await indexedFixture("handoff/project");
  copyFileSync(join(HANDOFFS, handoff), join(dir, ".ai", "HANDOFF.md"));
  return dir;
}

async function validate(dir: string, ...args: string[]): Promise<{ code: number; report: Report }> {
  const run = await ctx(dir, "validate-handoff", "--json", ...args);
  return { code: run.code, report: JSON.parse(run.stdout) as Report };
}

const ruleAndLine = (problems: Report["errors"]): [string, number][] => problems.map((p) => [p.rule, p.line]);

describe("ctx validate-handoff: one handoff per rule", () => {
  it("passes a handoff whose paths exist, whose line ranges fit and whose symbols are fresh in the index", async () => {
    const dir = await projectWith("valid.md");
    expect(await validate(dir)).toEqual({ code: 0, report: { path: ".ai/HANDOFF.md", valid: true, empty: false, errors: [], warnings: [] } });
    expect((await ctx(dir, "validate-handoff")).stdout).toBe("HANDOFF_VALID\n");
  });

  it.each([
    ["too-long.md", "too-long", 31, /31 lines; a handoff has at most 30/],
    ["missing-section.md", "missing-section", 11, /no "## Invariants" section/],
    ["empty-section.md", "empty-section", 17, /section "Blockers" is empty/],
    ["placeholder.md", "placeholder", 16, /\[the slower end-to-end command, once it exists\]/],
    ["todo.md", "todo", 10, /TBD left in/],
    ["unordered-steps.md", "unordered-steps", 8, /not numbered/],
    ["no-citations.md", "no-citations", 4, /names no file or symbol/],
    ["no-verification.md", "no-verification", 15, /no command to run/],
    ["path-missing.md", "path-missing", 14, /src\/users\/user-routes\.ts does not exist/],
    ["path-outside.md", "path-outside", 14, /\.\.\/shared\/users-routes\.ts is outside the repository/],
    ["line-out-of-range.md", "line-out-of-range", 6, /users-service\.ts:9-40 is past the end of src\/users\/users-service\.ts \(16 lines\)/],
    ["symbol-unresolved.md", "symbol-unresolved", 6, /`UsersService\.findAll`: no symbol named exactly/],
  ])("%s fails with exactly its rule, at its line, and a fix", async (file, rule, line, message) => {
    const dir = await projectWith(file);
    const { code, report } = await validate(dir);
    expect(code).toBe(1);
    expect(report.valid).toBe(false);
    expect(ruleAndLine(report.errors)).toEqual([[rule, line]]);
    expect(report.errors[0]!.message).toMatch(message);
    expect(report.errors[0]!.fix).not.toBe("");
    const text = await ctx(dir, "validate-handoff");
    expect(text.stdout).toMatch(new RegExp(`^HANDOFF_FAIL ${rule} line ${line}: .+ — .+\\n$`));
  });

  it("passes a handoff of 21 to 30 lines with a warning at line 21", async () => {
    const dir = await projectWith("long.md");
    const { code, report } = await validate(dir);
    expect(code).toBe(0);
    expect(report.valid).toBe(true);
    expect(ruleAndLine(report.warnings)).toEqual([["too-long", 21]]);
    expect((await ctx(dir, "validate-handoff")).stdout).toMatch(/^HANDOFF_VALID\nHANDOFF_WARN too-long line 21: 23 lines/);
  });
});

describe("ctx validate-handoff: against the tree and the index", () => {
  it("rejects a symbol whose file changed since the index, as `ctx traverse Symbol` would", async () => {
    const dir = await projectWith("valid.md");
    appendFileSync(join(dir, "src/users/users-routes.ts"), "// edited\n");
    const { code, report } = await validate(dir);
    expect(code).toBe(1);
    expect(ruleAndLine(report.errors)).toEqual([["symbol-unresolved", 5]]);
    // What to run is said once, in the fix.
    expect(report.errors[0]!.message).toBe("`getUser`: 1 candidate file changed since indexing");
    expect(report.errors[0]!.fix).toContain(`run \`${CTX_HERE} index\``);
  });

  it("says to run `ctx index` when there is no index to check symbols against", async () => {
    const dir = copyFixture("handoff/project");
    copyFileSync(join(HANDOFFS, "valid.md"), join(dir, "HANDOFF.md"));
    const { code, report } = await validate(dir, "HANDOFF.md");
    expect(code).toBe(1);
    expect(new Set(report.errors.map((e) => e.rule))).toEqual(new Set(["symbol-unresolved"]));
    expect(report.errors.every((e) => e.fix === `run \`${CTX_HERE} index\`, then validate again`)).toBe(true);
  });

  it("rejects a cited path that leaves the repository through a symbolic link", async () => {
    const dir = await projectWith("valid.md");
    const outside = tempDir();
    writeFileSync(join(outside, "secrets.ts"), "export const key = 1;\n");
    symlinkSync(outside, join(dir, "src/linked"));
    const handoff = readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8").replace("None.", "None; src/linked/secrets.ts is read-only.");
    writeFileSync(join(dir, ".ai/HANDOFF.md"), handoff);
    const { report } = await validate(dir);
    expect(ruleAndLine(report.errors)).toEqual([["path-outside", 18]]);
  });

  it("fails a missing handoff with exit 1 and says how to create one", async () => {
    const dir = copyFixture("handoff/project");
    const run = await ctx(dir, "validate-handoff");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`HANDOFF_FAIL missing-file line 0: no handoff at .ai/HANDOFF.md — run \`${CTX_HERE} init\` to create it from the template, then fill it in\n`);
  });

  it("fails the fresh template from `ctx init` only on its placeholders, one per section", async () => {
    const dir = copyFixture("handoff/project");
    await ctx(dir, "init");
    const { code, report } = await validate(dir);
    expect(code).toBe(1);
    expect(report.errors.map((e) => e.rule)).toEqual(Array(8).fill("placeholder"));
    expect(report.warnings).toEqual([]);
  });

  it("prints GitHub annotations with --format github", async () => {
    const dir = await projectWith("path-missing.md");
    const run = await ctx(dir, "validate-handoff", "--format", "github");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "::error file=.ai/HANDOFF.md,line=14,title=handoff path-missing::src/users/user-routes.ts does not exist — correct the path (relative to the repository root), or write (new) right after it when the task creates it",
        "HANDOFF_FAIL 1 problem in .ai/HANDOFF.md",
        "",
      ].join("\n"),
    );
  });

  it("exits 2 with a one-line error when the path is a directory", async () => {
    const dir = copyFixture("handoff/project");
    const run = await ctx(dir, "validate-handoff", "src");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ctx: src is a directory, not a handoff file — pass the Markdown file/);
  });
});
