import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { random } from "../../scripts/random.mjs";
import { ctx, git, tempDir } from "../helpers/fixture.js";

const NAMES = Array.from({ length: 24 }, (_, i) => `fn${i}`);
const MUTATIONS = 400;

describe("freshness under random edits, deletions, renames and new files", () => {
  it("never returns a hit that is not true of the working tree", async () => {
    const next = random(20261202);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const dir = tempDir();
    git(dir, "init", "-q");
    const files = new Set<string>();

    const source = (): string => {
      const lines: string[] = [];
      const count = 1 + Math.floor(next() * 4);
      for (let i = 0; i < count; i += 1) {
        for (let blank = Math.floor(next() * 3); blank > 0; blank -= 1) lines.push("");
        lines.push(`export function ${pick(NAMES)}() {`, `  return ${Math.floor(next() * 1000)};`, "}");
      }
      return `${lines.join("\n")}\n`;
    };
    const write = (path: string): void => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source());
      files.add(path);
    };
    const newPath = (): string => `src/${pick(["a", "b", "c"])}/f${Math.floor(next() * 1e6)}.ts`;
    for (let i = 0; i < 20; i += 1) write(newPath());
    expect((await ctx(dir, "index", "-q")).code).toBe(0);

    let hits = 0;
    let rejections = 0;
    let staleMisses = 0;
    let reindexes = 0;
    for (let step = 0; step < MUTATIONS; step += 1) {
      const roll = next();
      const existing = [...files].sort();
      if (roll < 0.4 && existing.length > 0) {
        write(pick(existing)); // edit in place
      } else if (roll < 0.55 && existing.length > 0) {
        const path = pick(existing);
        unlinkSync(join(dir, path));
        files.delete(path);
      } else if (roll < 0.7 && existing.length > 0) {
        const from = pick(existing);
        const to = newPath();
        mkdirSync(dirname(join(dir, to)), { recursive: true });
        renameSync(join(dir, from), join(dir, to));
        files.delete(from);
        files.add(to);
      } else if (roll < 0.85) {
        write(newPath());
      } else if (roll < 0.9) {
        expect((await ctx(dir, "index", "-q")).code).toBe(0);
        // The incrementally patched lookup cache must answer exactly as one rebuilt from the Markdown.
        const answers = async () => {
          const all: string[] = [];
          for (const name of NAMES) all.push((await ctx(dir, "traverse", "Symbol", name, "--json", "--limit", "1000")).stdout);
          return all;
        };
        const patched = await answers();
        rmSync(join(dir, ".ai/.cache/lookup"), { recursive: true, force: true });
        expect(await answers(), `step ${step}`).toEqual(patched);
        reindexes += 1;
      }

      for (let query = 0; query < 2; query += 1) {
        const name = pick(NAMES);
        const run = await ctx(dir, "traverse", "Symbol", name, "--json", "--limit", "1000");
        const result = JSON.parse(run.stdout) as {
          status: string;
          reason: string | null;
          hits: { path: string; line: number }[];
          rejected: unknown[];
        };
        rejections += result.rejected.length;
        if (result.reason === "stale") staleMisses += 1;
        for (const hit of result.hits) {
          hits += 1;
          const absolute = join(dir, hit.path);
          expect(existsSync(absolute), `step ${step}: ${name} hit in deleted ${hit.path}`).toBe(true);
          const line = readFileSync(absolute, "utf8").split("\n")[hit.line - 1];
          expect(line, `step ${step}: ${name} at ${hit.path}:${hit.line}`).toBe(`export function ${name}() {`);
        }
      }
    }
    // The scenario must exercise every branch, or passing would prove nothing.
    expect(hits).toBeGreaterThan(100);
    expect(rejections).toBeGreaterThan(100);
    expect(staleMisses).toBeGreaterThan(10);
    expect(reindexes).toBeGreaterThan(10);
  });
});
