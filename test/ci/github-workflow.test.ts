import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: { name?: string; run?: string; if?: string }[] }>;
}

/** Runs a workflow step's command the way the runner does (bash -e), in the repository. */
function step(dir: string, command: string): { code: number; output: string } {
  const run = spawnSync("bash", ["-e", "-c", command], { cwd: dir, encoding: "utf8", env: { ...process.env, GITHUB_ACTIONS: "true" } });
  return { code: run.status ?? -1, output: `${run.stdout}${run.stderr}` };
}

describe("ctx init --ci github", () => {
  it("writes a pull-request workflow whose ctx steps pass on a current index and the untouched template, and fail, annotated, on a stale index or a partly filled handoff", async () => {
    const dir = tempDir();
    git(dir, "init", "-q", "-b", "main");
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    symlinkSync(join(import.meta.dirname, "..", "..", "bin", "ctx.js"), join(dir, "node_modules", ".bin", "ctx"));
    writeFileSync(join(dir, "cart.ts"), "export const total = (prices: number[]) => prices.reduce((a, b) => a + b, 0);\n");
    const init = JSON.parse((await ctx(dir, "init", "--ci", "github", "--json")).stdout) as { created: string[] };
    expect(init.created).toContain(".github/workflows/ctx.yml");

    const workflow = load(readFileSync(join(dir, ".github/workflows/ctx.yml"), "utf8")) as Workflow;
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps).filter((s) => s.run?.includes("ctx"));
    expect(steps.map((s) => s.run)).toEqual(["node_modules/.bin/ctx index --check", "node_modules/.bin/ctx validate-handoff --format github --allow-empty"]);
    const [indexCheck, handoff] = steps.map((s) => s.run!);

    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(step(dir, indexCheck!).code).toBe(0);
    writeFileSync(join(dir, "cart.ts"), "export const total = (prices: number[], tax = 0) => prices.reduce((a, b) => a + b, tax);\n");
    const stale = step(dir, indexCheck!);
    expect(stale.code).toBe(1);
    expect(stale.output).toContain("cart.ts");

    // The untouched template means no task is in progress: the gate lets it through.
    expect(step(dir, handoff!)).toEqual({ code: 0, output: "HANDOFF_EMPTY no task in progress: .ai/HANDOFF.md is the untouched template\n" });
    // Begun but not filled in: the gate fails with annotations GitHub shows on the file.
    const template = readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8");
    writeFileSync(join(dir, ".ai/HANDOFF.md"), template.replace(/^\[What this task achieves.*$/m, "Add a tax to the cart total."));
    const gate = step(dir, handoff!);
    expect(gate.code).toBe(1);
    expect(gate.output).toMatch(/^::error file=\.ai\/HANDOFF\.md,line=\d+/m);
  });
});
