import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

const FILES = [".ai/HANDOFF.md", ".ai/research.md", ".ai/lessons-learned.md", ".ai/brain-index.md", ".ai/hot-cache.jsonl", ".ai/incident-cache.jsonl", ".ai/index-config.yaml"];

function repository(): string {
  const dir = tempDir();
  git(dir, "init", "-q", "-b", "main");
  return dir;
}

describe("ctx init", () => {
  it("creates .ai/ from the templates and ignores the caches and logs, so git sees only the files meant to be committed", async () => {
    const dir = repository();
    const run = await ctx(dir, "init", "--json");
    expect(run.code).toBe(0);
    const done = JSON.parse(run.stdout) as { created: string[]; kept: string[]; ignored: string[] };
    expect(done).toMatchObject({ created: FILES, kept: [], ignored: [".ai/.cache/", ".ai/logs/"] });
    const handoff = readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8");
    // Every section the handoff gate asks for, each with a placeholder to replace, within its 30 lines.
    for (const heading of ["## Objective / status", "## Exact paths and symbols", "## Ordered edit steps", "## Invariants", "## Changed files", "## Verification commands", "## Blockers", "## Next action"]) {
      expect(handoff).toMatch(new RegExp(`^${heading.replace(/[/]/g, "\\/")}\n(?:- |1\\. )?\`?\\[`, "m"));
    }
    expect(handoff.split("\n").length).toBeLessThanOrEqual(30);
    expect(readFileSync(join(dir, ".ai/hot-cache.jsonl"), "utf8")).toBe("");
    const ignored = git(dir, "check-ignore", ".ai/.cache/lookup/meta.json", ".ai/logs/run.log").split("\n").filter(Boolean);
    expect(ignored).toEqual([".ai/.cache/lookup/meta.json", ".ai/logs/run.log"]);
    // The configuration it writes is one `ctx index` accepts.
    writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
  });

  it("leaves every existing file as it is, adds only what is missing, and says which is which", async () => {
    const dir = repository();
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n.ai/.cache/");
    await ctx(dir, "init");
    writeFileSync(join(dir, ".ai/HANDOFF.md"), "# my own handoff\n");
    const again = await ctx(dir, "init");
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ctx init: 0 created, 7 left alone/);
    expect(again.stdout).toContain("left alone  .ai/HANDOFF.md");
    expect(readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8")).toBe("# my own handoff\n");
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("node_modules/\n.ai/.cache/\n# ctx: derived caches and raw command logs\n.ai/logs/\n");
  });
});
