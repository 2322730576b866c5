import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "read/users-api";

describe("ctx outline", () => {
  it("lists a file's declarations one per line, members under their class, with their first line of code", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "outline", "src/users/users.service.ts");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        "OUTLINE src/users/users.service.ts (7 declarations)",
        "3-6 export interface User {",
        "12-26 export class UsersService {",
        "  14 private readonly users = new Map<string, User>();",
        "  17-19 + findOne(id: string): User | undefined {",
        "  23-25 + save(user: User): void {",
        "28 export const normalizeName = (name: string): string => name.trim().toLowerCase();",
        "30-32 function internalHelper(): number {",
        "",
      ].join("\n"),
    );
  });

  it("gives a folder's files their top level, exported first, and cuts at the budget with a count", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "outline", "src/users");
    expect(run.stdout.split("\n").slice(0, 6)).toEqual([
      "OUTLINE src/users (folder: 3 files, 8 top-level declarations; members: outline one file)",
      "src/users/di.ts",
      "  1-3 export function Injectable(): ClassDecorator {",
      "src/users/routes.ts",
      "  5 export const router = express.Router();",
      "  4 const users = new UsersService();",
    ]);
    const whole = await ctx(dir, "outline", "--budget", "0");
    expect(whole.stdout.split("\n")[0]).toBe("OUTLINE . (folder: 4 files, 9 top-level declarations; members: outline one file)");
    expect((await ctx(dir, "outline", "./")).stdout.split("\n")[0]).toBe(whole.stdout.split("\n")[0]);
    const cut = await ctx(dir, "outline", "src", "--budget", "40");
    expect(cut.stdout.trimEnd().split("\n").at(-1)).toMatch(/^… \d+ more declarations \(raise --budget, or outline one file\)$/);
  });

  it("parses a file changed since indexing and says so; misses a target that is nothing indexed", async () => {
    const dir = await indexedFixture(FIXTURE);
    const file = join(dir, "src/billing/invoice.ts");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nexport function refund(cents: number): number {\n  return -cents;\n}\n`);
    const run = await ctx(dir, "outline", "invoice.ts", "--json");
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "hit", scope: "file", files: [{ path: "src/billing/invoice.ts", state: "parsed", entries: [{ name: "findOne" }, { name: "refund", line: 6, endLine: 8 }] }] });
    const none = await ctx(dir, "outline", "src/nowhere");
    expect(none.code).toBe(1);
    expect(none.stdout).toContain("TRAVERSE_MISS Outline src/nowhere: no-match");
    expect((await ctx(dir, "outline", "/etc")).code).toBe(2);
  });
});
