import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, tableRows, tempDir } from "../helpers/fixture.js";

describe("a Python or Go file nested thousands of levels deep", () => {
  it("keeps its declarations and is not skipped: the walk stops where no one reads, the stack does not overflow", async () => {
    const dir = tempDir();
    const sum = Array.from({ length: 30000 }, () => "1").join(" + ");
    writeFileSync(join(dir, "deep.py"), `def ok():\n    return 1\n\nX = ${sum}\nY = ${"(".repeat(3000)}1${")".repeat(3000)}\nZ = f${"()".repeat(20000)}\n`);
    writeFileSync(join(dir, "deep.go"), `package main\n\nimport "github.com/gin-gonic/gin"\n\nvar X = ${sum}\n\nfunc Routes() {\n\tr := gin.New()\n\tr${".Use(m)".repeat(20000)}.GET("/x", h)\n}\n`);
    git(dir, "init", "-q");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("skipped");
    const names = tableRows(dir, "symbol_index.md").map((row) => `${row[4]!.split(":")[0]} ${row[0]}`);
    expect(names).toEqual(["deep.go X", "deep.go Routes", "deep.py ok", "deep.py X", "deep.py Y", "deep.py Z"]);
  });
});
