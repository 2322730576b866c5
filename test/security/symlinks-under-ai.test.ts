import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

/** A folder outside the repository, with what ctx would write or delete there if it followed a link. */
function outsideFolder(): { dir: string; snapshot: () => string } {
  const dir = tempDir();
  mkdirSync(join(dir, ".cache", "lookup"), { recursive: true });
  mkdirSync(join(dir, ".cache", "summaries"), { recursive: true });
  writeFileSync(join(dir, ".cache", "lookup", "mine.json"), "mine");
  writeFileSync(join(dir, ".cache", "summaries", "mine.jsonl"), "mine");
  writeFileSync(join(dir, ".cache", ".gitignore"), "mine");
  writeFileSync(join(dir, "keep.txt"), "mine");
  const snapshot = (): string => {
    const list = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? list(join(folder, entry.name)) : [`${join(folder, entry.name)}=${readFileSync(join(folder, entry.name), "utf8")}`]));
    return list(dir).sort().join("\n");
  };
  return { dir, snapshot };
}

function repository(): string {
  const dir = tempDir();
  git(dir, "init", "-q");
  writeFileSync(join(dir, "a.ts"), "export function a(): number {\n  return 1;\n}\n");
  return dir;
}

const TASK = ["--type", "bug-fix", "--keywords", "a", "--problem", "p", "--solution", "s", "--lesson", "l", "--force", "--no-index"];

describe("a symbolic link where ctx writes under .ai/", () => {
  it.each([
    ["index", ["index"]],
    ["index --check", ["index", "--check"]],
    ["init", ["init"]],
    ["complete-task", ["complete-task", ...TASK]],
    ["compress", ["compress", "--", "node", "-e", "console.log('x')"]],
    ["hook install", ["hook", "install"]],
    ["hook run", ["hook", "run"]],
    ["traverse", ["traverse", "Symbol", "a"]],
    ["brief", ["brief", "fix a"]],
  ])("as .ai itself: %s refuses in one line, exit 2, touching nothing outside", async (_, argv) => {
    const dir = repository();
    const outside = outsideFolder();
    symlinkSync(outside.dir, join(dir, ".ai"));
    const before = outside.snapshot();
    const run = await ctx(dir, ...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ctx: \.ai is a symbolic link \(to .*\): ctx follows no link under \.ai\/.* — remove the link .*\n$/);
    expect(outside.snapshot()).toBe(before);
  });

  it("inside .ai — the lookup cache, the raw logs — refuses the same way", async () => {
    const dir = repository();
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const outside = outsideFolder();
    const before = outside.snapshot();
    rmSync(join(dir, ".ai", ".cache", "lookup", "meta.json"));
    symlinkSync(join(outside.dir, "keep.txt"), join(dir, ".ai", ".cache", "lookup", "meta.json"));
    writeFileSync(join(dir, "a.ts"), "export function a(): number {\n  return 2;\n}\n");
    const index = await ctx(dir, "index");
    expect(index.code).toBe(2);
    expect(index.stderr).toContain(".ai/.cache/lookup/meta.json is a symbolic link");

    const logs = repository();
    mkdirSync(join(logs, ".ai"));
    symlinkSync(outside.dir, join(logs, ".ai", "logs"));
    const compress = await ctx(logs, "compress", "--", "node", "-e", "console.log('x')");
    expect(compress.code).toBe(2);
    expect(compress.stderr).toContain(".ai/logs is a symbolic link");
    expect(outside.snapshot()).toBe(before);
  });
});
