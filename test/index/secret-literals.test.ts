import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, tableRows, tempDir } from "../helpers/fixture.js";

describe("string literals in signatures", () => {
  it("are written `\"…\"` in the committed index when they look like credentials or are long; short words stay", async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "config.ts"),
      [
        'export const GITHUB_TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";',
        'export function connect(key = "sk-live-abcdefghijklmnop12345678", mode = "fast") {}',
        'export const AWS_KEY = "AKIAIOSFODNN7EXAMPLE";',
        'export const RANDOM = "Xk3pQ9zL2mR7aB";',
        "export const PEM = `-----BEGIN PRIVATE KEY-----`;",
        'export const NAME = "hello";',
        'export const FOLDER = "src/users";',
        "",
      ].join("\n"),
    );
    git(dir, "init", "-q");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const signatures = Object.fromEntries(tableRows(dir, "symbol_index.md").map((row) => [row[0], row[6]]));
    expect(signatures).toEqual({
      GITHUB_TOKEN: '`export const GITHUB_TOKEN = "…"`',
      connect: '`export function connect(key = "…", mode = "fast")`',
      AWS_KEY: '`export const AWS_KEY = "…"`',
      RANDOM: '`export const RANDOM = "…"`',
      PEM: '`export const PEM = "…"`',
      NAME: '`export const NAME = "hello"`',
      FOLDER: '`export const FOLDER = "src/users"`',
    });
    const committed = ["symbol_index.md", "call_index.md", "file_index.md", "domain-manifest.yaml"].map((file) => readFileSync(join(dir, ".ai", file), "utf8")).join("\n");
    for (const secret of ["ghp_", "sk-live", "AKIA", "Xk3pQ9", "BEGIN PRIVATE"]) expect(committed).not.toContain(secret);
  });
});
