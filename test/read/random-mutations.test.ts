import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { random } from "../../scripts/random.mjs";
import { ctx, git, tempDir } from "../helpers/fixture.js";

const NAMES = Array.from({ length: 16 }, (_, i) => `fn${i}`);
const MUTATIONS = 250;

interface Shown {
  status: string;
  reason: string | null;
  matches: { name: string; path: string; line: number; endLine: number; state: string }[];
  source: { start: number; end: number; text: string } | null;
}

describe("ctx show under random edits, deletions, renames and new files", () => {
  it("prints only text the working tree holds now, at the lines it holds it", async () => {
    const next = random(20261205);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const dir = tempDir();
    git(dir, "init", "-q");
    const files = new Set<string>();
    const source = (): string => {
      const lines: string[] = [];
      const count = 1 + Math.floor(next() * 4);
      for (let i = 0; i < count; i += 1) {
        for (let blank = Math.floor(next() * 3); blank > 0; blank -= 1) lines.push("");
        if (next() < 0.5) lines.push(`/** doc ${Math.floor(next() * 1000)} */`);
        lines.push(`export function ${pick(NAMES)}() {`, `  return ${Math.floor(next() * 1000)};`, "}");
      }
      return `${lines.join("\n")}\n`;
    };
    const write = (path: string): void => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source());
      files.add(path);
    };
    const newPath = (): string => `src/${pick(["a", "b"])}/f${Math.floor(next() * 1e6)}.ts`;
    for (let i = 0; i < 16; i += 1) write(newPath());
    expect((await ctx(dir, "index", "-q")).code).toBe(0);

    const seen = { bodies: 0, parsed: 0, lists: 0, misses: 0 };
    for (let step = 0; step < MUTATIONS; step += 1) {
      const roll = next();
      const existing = [...files].sort();
      if (roll < 0.45 && existing.length > 0) write(pick(existing));
      else if (roll < 0.6 && existing.length > 0) {
        const path = pick(existing);
        unlinkSync(join(dir, path));
        files.delete(path);
      } else if (roll < 0.72 && existing.length > 0) {
        const from = pick(existing);
        const to = newPath();
        mkdirSync(dirname(join(dir, to)), { recursive: true });
        renameSync(join(dir, from), join(dir, to));
        files.delete(from);
        files.add(to);
      } else if (roll < 0.85) write(newPath());
      else if (roll < 0.9) expect((await ctx(dir, "index", "-q")).code).toBe(0);

      const name = pick(NAMES);
      const shown = JSON.parse((await ctx(dir, "show", name, "--json", "--budget", "0")).stdout) as Shown;
      if (shown.status === "miss") seen.misses += 1;
      for (const match of shown.matches) {
        // Every match is a declaration of that name at that line of the file as it is now.
        const lines = readFileSync(join(dir, match.path), "utf8").split("\n");
        expect(lines[match.line - 1], `step ${step}: ${name} at ${match.path}:${match.line}`).toBe(`export function ${name}() {`);
        expect(lines[match.endLine - 1], `step ${step}: end of ${name} at ${match.path}:${match.endLine}`).toBe("}");
        if (match.state === "parsed") seen.parsed += 1;
      }
      if (shown.source) {
        seen.bodies += 1;
        const match = shown.matches[0]!;
        const lines = readFileSync(join(dir, match.path), "utf8").split("\n");
        expect(shown.source.text, `step ${step}: ${name} body`).toBe(lines.slice(shown.source.start - 1, shown.source.end).join("\n"));
      } else if (shown.matches.length > 1) seen.lists += 1;
    }
    // Every branch must have been taken, or passing would prove nothing.
    expect(seen.bodies).toBeGreaterThan(20);
    expect(seen.parsed).toBeGreaterThan(5);
    expect(seen.lists).toBeGreaterThan(20);
    expect(seen.misses).toBeGreaterThan(5);
  });
});
