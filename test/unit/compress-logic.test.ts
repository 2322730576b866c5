import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanLines, repeatKey } from "../../src/core/compress/clean-output.js";
import { compressGeneric } from "../../src/core/compress/compress-generic.js";
import { MAX_LOGS, readRawLog, saveRawLog } from "../../src/io/raw-logs.js";
import { tempDir } from "../helpers/fixture.js";

describe("cleaning terminal output", () => {
  it("removes colours and cursor codes and keeps what a \\r redraw left on screen", () => {
    expect(cleanLines("\u001b[1m\u001b[31mFAIL\u001b[39m\u001b[22m a.test.ts\r\n[=>   ] 10%\r[====>] 100%\r\n\u001b[2K\u001b[1Gdone\n")).toEqual(["FAIL a.test.ts", "[====>] 100%", "done"]);
  });

  it("compares repeated lines with numbers, times and hashes aside", () => {
    expect(repeatKey("12:01:02 fetched 3 of 10 (a1b2c3d4e5)")).toBe(repeatKey("12:01:09 fetched 7 of 10 (0f9e8d7c6b)"));
    expect(repeatKey("fetched 3 of 10")).not.toBe(repeatKey("failed 3 of 10"));
  });
});

describe("the generic compressor", () => {
  it("never cuts the tail or a line that signals a problem to meet the budget, and counts every cut line", () => {
    const lines = [...Array.from({ length: 500 }, (_, i) => `line ${i} ${"x".repeat(i % 7)}${i % 2 ? "a" : "b"}`), "Error: the one that matters", "last"];
    const { lines: kept, omitted } = compressGeneric(lines, 1, 50);
    const texts = kept.map((l) => l.text);
    expect(texts).toContain("Error: the one that matters");
    expect(texts.at(-1)).toBe("last");
    const shown = kept.filter((l) => l.source !== null).length;
    expect(omitted).toEqual([{ what: "lines", count: lines.length - shown }]);
  });
});

describe("raw logs", () => {
  it("keeps the newest 50 and reads one back by id", async () => {
    const root = tempDir();
    let last = "";
    for (let i = 0; i < MAX_LOGS + 3; i += 1) last = (await saveRawLog(root, `run ${i}\n`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)))).id;
    const names = readdirSync(join(root, ".ai/logs")).filter((name) => name.endsWith(".log")).sort();
    expect(names).toHaveLength(MAX_LOGS);
    // The folder ignores itself, so compressing a command never shows up in `git status`.
    expect(readFileSync(join(root, ".ai/logs/.gitignore"), "utf8")).toMatch(/^\*$/m);
    expect(names[0]).toMatch(/^20260101-000003-/);
    expect(readRawLog(root, last)).toBe(`run ${MAX_LOGS + 2}\n`);
    expect(readRawLog(root, "../../etc/passwd")).toBeNull();
  });
});
