import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, readAi } from "../helpers/fixture.js";

describe("bad configuration and index files", () => {
  it("rejects an unknown key in .ai/index-config.yaml with its line and what to do, exit 2", async () => {
    const dir = copyFixture("index/single-package-folders");
    mkdirSync(join(dir, ".ai"));
    writeFileSync(join(dir, ".ai/index-config.yaml"), "exclude:\n  - scripts/\nmaxBytes: 10\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "ctx: .ai/index-config.yaml:3: unknown key `maxBytes`; expected include, exclude, maxFileBytes or shardAbove — remove or rename the key\n",
    );
  });

  it("applies a valid configuration's excludes", async () => {
    const dir = copyFixture("index/single-package-folders");
    mkdirSync(join(dir, ".ai"));
    writeFileSync(join(dir, ".ai/index-config.yaml"), "exclude:\n  - scripts/\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(readAi(dir, "file_index.md")).not.toContain("scripts/seed.ts");
  });

  it("refuses an index written with another schema and says to rebuild it", async () => {
    const dir = copyFixture("index/single-package-folders");
    await ctx(dir, "index", "-q");
    const path = join(dir, ".ai/file_index.md");
    writeFileSync(path, readFileSync(path, "utf8").replace("schema=1", "schema=99"));
    const run = await ctx(dir, "traverse", "Symbol", "charge");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("ctx: .ai/file_index.md:1: index schema 99 is not the schema this ctx reads (1)");
    expect(run.stderr).toContain(" — rebuild it with `ctx index`");
  });
});
