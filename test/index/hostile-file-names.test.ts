import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quotePath, unquotePath } from "../../src/formats/quoted-path.js";
import { ctx, git, tempDir } from "../helpers/fixture.js";

/** Every byte 0x01–0x1f, then `|`, a backtick, a backslash, a quote and non-ASCII. */
const HOSTILE = `x${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join("")}|\`\\"é漢.ts`;

describe("file names that break line-based formats", () => {
  it("are quoted as git quotes them and read back exactly", () => {
    expect(quotePath("b\r.ts")).toBe('"b\\r.ts"');
    expect(quotePath("src/café.ts")).toBe("src/café.ts");
    expect(quotePath(HOSTILE)).not.toMatch(/[\n\r\t]/);
    expect(unquotePath(quotePath(HOSTILE), { file: "x", line: 1 })).toBe(HOSTILE);
    expect(() => unquotePath('"b\\q.ts"', { file: ".ai/file_index.md", line: 9 })).toThrow(".ai/file_index.md:9: unknown escape \\q");
  });

  it("are indexed, found and checked, with the rows after them, from a clone without the cache", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, HOSTILE), "export function hostile(): number {\n  return zed();\n}\nimport { zed } from \"./z\";\n");
    writeFileSync(join(dir, "b\r.ts"), "export function carriage(): void {}\n");
    writeFileSync(join(dir, "c\nd.ts"), "export function newline(): void {}\n");
    writeFileSync(join(dir, "e\tf.ts"), "export function tab(): void {}\n");
    writeFileSync(join(dir, "z.ts"), "export function zed(): number {\n  return 1;\n}\n");
    git(dir, "init", "-q");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    // A fresh clone has no cache: everything is read back from the committed Markdown.
    rmSync(join(dir, ".ai", ".cache"), { recursive: true, force: true });
    for (const [name, path] of [["hostile", HOSTILE], ["carriage", "b\r.ts"], ["newline", "c\nd.ts"], ["tab", "e\tf.ts"], ["zed", "z.ts"]] as const) {
      const run = await ctx(dir, "traverse", "Symbol", name, "--json");
      expect(run.code, `${name}: ${run.stdout}${run.stderr}`).toBe(0);
      expect((JSON.parse(run.stdout) as { hits: { path: string }[] }).hits.map((hit) => hit.path)).toEqual([path]);
    }
    const text = await ctx(dir, "traverse", "Symbol", "newline");
    expect(text.stdout.split("\n")[1]).toBe('"c\\nd.ts":1 function newline · export function newline(): void');
    const callers = await ctx(dir, "traverse", "Caller", "zed", "--json");
    expect((JSON.parse(callers.stdout) as { hits: { path: string }[] }).hits.map((hit) => hit.path)).toEqual([HOSTILE]);
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
    rmSync(join(dir, ".ai", ".cache"), { recursive: true, force: true });
    const again = await ctx(dir, "index");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("nothing changed");
  });
});
