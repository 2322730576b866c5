import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, tempDir } from "../helpers/fixture.js";

describe("-C with a path that is not a directory", () => {
  it("is a one-line usage error, exit 2, and creates nothing", async () => {
    const base = tempDir();
    const missing = join(base, "no", "such", "repo");
    const run = await ctx(base, "-C", missing, "index");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`ctx: -C ${missing}: no such directory — pass the path of the repository, or of a folder in it\n`);
    expect(existsSync(join(base, "no"))).toBe(false);

    writeFileSync(join(base, "file.txt"), "x");
    const file = await ctx(base, "-C", "file.txt", "traverse", "Symbol", "x");
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/^ctx: -C file\.txt: not a directory — /);
    expect(file.stderr.split("\n")).toHaveLength(2);
  });

  it("is relative to where ctx was started", async () => {
    const dir = copyFixture("traverse/users-service");
    const run = await ctx(join(dir, ".."), "-C", dir.split("/").pop()!, "index", "-q");
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dir, ".ai", "symbol_index.md"))).toBe(true);
  });
});

describe("errors under --json", () => {
  const parse = (stdout: string) => JSON.parse(stdout) as { error: { code: string; message: string; hint: string | null } };

  it("are one JSON object on stdout with the same exit code: a bad path, a usage error, a malformed file", async () => {
    const base = tempDir();
    const path = await ctx(base, "-C", join(base, "missing"), "index", "--json");
    expect(path.code).toBe(2);
    expect(path.stderr).toBe("");
    expect(parse(path.stdout).error).toEqual({ code: "usage", message: `-C ${join(base, "missing")}: no such directory`, hint: "pass the path of the repository, or of a folder in it" });

    const option = await ctx(base, "traverse", "Symbol", "Foo", "--json", "--limit", "zero");
    expect(option.code).toBe(2);
    expect(option.stderr).toBe("");
    expect(parse(option.stdout).error.code).toBe("usage");
    expect(parse(option.stdout).error.message).toContain("--limit");

    const dir = copyFixture("traverse/users-service");
    await ctx(dir, "index", "-q");
    writeFileSync(join(dir, ".ai", "index-config.yaml"), "include: [unclosed\n");
    const malformed = await ctx(dir, "index", "--json");
    expect(malformed.code).toBe(2);
    const { error } = parse(malformed.stdout);
    expect(error.code).toBe("format");
    expect(error.message).toMatch(/^\.ai\/index-config\.yaml:\d+: /);
  });

  it("stay one line of text without --json", async () => {
    const run = await ctx(tempDir(), "traverse", "Symbol", "Foo", "--limit", "zero");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
