import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scoreHistory } from "../../src/core/brief/score-history.js";
import { ctx, git, tempDir } from "../helpers/fixture.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON is what the test inspects, field by field
type Json = Record<string, any>;

function commit(dir: string, files: Record<string, string>, subject: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", subject);
}

/** A repository whose history says where webhook retries live, though no name or word in that file says "webhook" or "retry". */
function repositoryWithHistory(): string {
  const dir = tempDir();
  git(dir, "init", "-q", "-b", "main");
  commit(
    dir,
    {
      "src/delivery/dispatch.ts": "export function send(url: string, attempts: number): number {\n  return url.length * attempts;\n}\n",
      "src/billing/invoice.ts": "export function invoiceTotal(lines: number[]): number {\n  return lines.reduce((a, b) => a + b, 0);\n}\n",
      "src/users/profile.ts": "export function displayName(first: string, last: string): string {\n  return `${first} ${last}`;\n}\n",
    },
    "Initial import",
  );
  commit(dir, { "src/delivery/dispatch.ts": "export function send(url: string, attempts: number): number {\n  return url.length * attempts * 2;\n}\n" }, "Retry webhooks with exponential backoff");
  commit(dir, { "src/billing/invoice.ts": "export function invoiceTotal(lines: number[]): number {\n  return lines.reduce((a, b) => a + b, 1);\n}\n" }, "Round invoice totals");
  return dir;
}

describe("ctx brief: earlier commits like the task", () => {
  it("points at the files that commits worded like the task changed, and says so", async () => {
    const dir = repositoryWithHistory();
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const brief = JSON.parse((await ctx(dir, "brief", "webhook retries give up too early", "--json")).stdout) as Json;
    expect(brief.files[0]).toMatchObject({ path: "src/delivery/dispatch.ts", reasons: expect.arrayContaining(["changed by commits like this task"]) });
    expect(brief.files.map((file: Json) => file.path)).not.toContain("src/billing/invoice.ts");
  });

  it("is brought to HEAD by `ctx index` only when HEAD moved: new commits added, a rewritten history rewritten", async () => {
    const dir = repositoryWithHistory();
    await ctx(dir, "index", "-q");
    const history = join(dir, ".ai/.cache/history.tsv");
    const first = statSync(history).mtimeMs;
    await ctx(dir, "index", "-q");
    expect(statSync(history).mtimeMs).toBe(first);
    commit(dir, { "src/users/profile.ts": "export const greeting = 'hello';\n" }, "Greet users by name");
    await ctx(dir, "index", "-q");
    const lines = (): string[] => readFileSync(history, "utf8").split("\n");
    expect(lines()[0]).toBe(`# ctx history v2 ${git(dir, "rev-parse", "HEAD").trim()}`);
    // Newest first, each after its commit time; the root commit (every file at once) is not history, nor ctx's own .ai/ files.
    const subjects = (): string[] => lines().slice(1, -1).map((line) => line.replace(/^\d+\t/, ""));
    expect(subjects()).toEqual(["greet user name\tsrc/users/profile.ts", "round invoic total\tsrc/billing/invoice.ts", "retri webhook exponenti backoff\tsrc/delivery/dispatch.ts"]);

    // Amended: the old tip is no longer in HEAD's history, so nothing of it may stay.
    git(dir, "commit", "-q", "--amend", "-m", "Welcome users by nickname");
    await ctx(dir, "index", "-q");
    expect(subjects()).toEqual(["welcom user nicknam\tsrc/users/profile.ts", "round invoic total\tsrc/billing/invoice.ts", "retri webhook exponenti backoff\tsrc/delivery/dispatch.ts"]);
  });
});

describe("scoreHistory", () => {
  it("lets the fifteen most similar commits vote, each with its similarity", () => {
    const commits = Array.from({ length: 20 }, (_, i) => ({ terms: ["cach", `w${i}`], paths: [`src/f${i}.ts`] }));
    const scores = scoreHistory(["cach"], [{ terms: ["unrelat"], paths: ["src/other.ts"] }, ...commits]);
    // Equal similarity: the newest fifteen.
    expect([...scores.keys()]).toEqual(Array.from({ length: 15 }, (_, i) => `src/f${i}.ts`));
    expect(scoreHistory(["nowher"], commits).size).toBe(0);
  });
});
