import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fallbackCommand, rgFixed, rgWord, RG_FILES } from "../../src/core/traverse/conclude-traverse.js";
import { copyFixture, ctx, tempDir } from "../helpers/fixture.js";
import { toolMissing } from "../helpers/tools.js";

/** Runs a printed command line as an agent pasting it would: through sh. */
const sh = (dir: string, line: string) => spawnSync("sh", ["-c", line], { cwd: dir, encoding: "utf8" });

const HOSTILE = ["--pre=sh", "-e", "it's", 'say "hi"', "$(touch ran-dollar)", "`touch ran-backtick`", "two words", "a;touch ran-semicolon", "x\ntouch ran-newline"];

const rg = toolMissing("ripgrep", "rg");

describe("the fallback search ctx prints", () => {
  it.skipIf(rg.skip)(`is one rg with its options before its operands: a hostile pattern or path is searched, never run${rg.because}`, () => {
    const dir = tempDir();
    for (const [i, text] of HOSTILE.entries()) {
      // A folder named by the text, holding a file that contains it (its first line, as the search takes it).
      const folder = join(dir, `dir${i}`, text.split("\n")[0]!);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "found.txt"), `before ${text.split("\n")[0]} after\n`);
      const fixed = sh(join(dir, `dir${i}`), fallbackCommand(rgFixed(text), text.split("\n")[0]!));
      expect(fixed.status, `${text}: ${fixed.stderr}`).toBe(0);
      expect(fixed.stdout).toContain(`before ${text.split("\n")[0]} after`);
      const files = sh(join(dir, `dir${i}`), fallbackCommand(RG_FILES, text.split("\n")[0]!));
      expect(files.stdout.trim().endsWith("found.txt"), `${text}: ${files.stderr}`).toBe(true);
      expect(sh(dir, fallbackCommand(rgWord(text), ".")).status, text).not.toBe(2);
    }
    for (const canary of ["ran-dollar", "ran-backtick", "ran-semicolon", "ran-newline"]) {
      expect(existsSync(join(dir, canary)) || HOSTILE.some((_, i) => existsSync(join(dir, `dir${i}`, canary))), canary).toBe(false);
    }
  });

  it.skipIf(rg.skip)(`from \`traverse Err\`, with error text that is an rg option, runs nothing${rg.because}`, async () => {
    const dir = copyFixture("memory/type-errors");
    writeFileSync(join(dir, "evil.sh"), `#!/bin/sh\ntouch "${join(dir, "pwned")}"\ncat "$1"\n`);
    chmodSync(join(dir, "evil.sh"), 0o755);
    await ctx(dir, "complete-task", "--force", "--no-index", "--type", "bug-fix", "--keywords", "ids", "--problem", "p", "--solution", "s", "--lesson", "l", "--error", "TypeError: x is undefined");
    const run = await ctx(dir, "traverse", "Err", "--json", "--", "--pre=./evil.sh");
    const { fallback } = JSON.parse(run.stdout) as { fallback: string };
    expect(fallback).toBe("rg -n -F -e '--pre=./evil.sh' -- .");
    sh(dir, fallback);
    expect(existsSync(join(dir, "pwned"))).toBe(false);
  });
});
