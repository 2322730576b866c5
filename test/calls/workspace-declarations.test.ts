import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFiles, tableRows } from "../helpers/fixture.js";

const WORKSPACE = {
  "package.json": JSON.stringify({ name: "root", private: true, workspaces: ["packages/*"] }),
};

/** A Caller lookup that misses (exit 1) and names one call of `name` (`path: caller line`) as a call it could not verify. */
async function namedOnly(dir: string, query: string, name: string, site: string): Promise<void> {
  const run = await ctx(dir, "traverse", "Caller", query);
  expect(run.code, run.stdout).toBe(1);
  expect(run.stdout).toContain(`1 unresolved call named ${name} (receiver type unknown: each may call it):\n  ${site}\n`);
}

/** The header and site lines of a Caller answer, and its unresolved tail. */
async function callers(dir: string, query: string, ...flags: string[]): Promise<string[]> {
  return (await hitLines(dir, "traverse", "Caller", query, ...flags)).filter((line) => !line.startsWith("rg -w")).map((line) => (line.startsWith("complete; rg -w") ? "complete" : line));
}

describe("workspace packages imported by an `exports` subpath", () => {
  it("links a call through `@acme/core/decorators` to the source its export target is built from", async () => {
    const dir = await indexedFiles({
      ...WORKSPACE,
      "packages/core/package.json": JSON.stringify({
        name: "@acme/core",
        exports: {
          ".": { import: { types: "./lib/index.d.mts", default: "./lib/index.mjs" } },
          "./decorators": { import: "./lib/decorators/index.mjs", require: { types: "./lib/decorators/index.d.ts", default: "./lib/decorators/index.js" } },
          "./internal/*": "./lib/*",
        },
      }),
      "packages/core/src/index.ts": "export const version = 1;\n",
      "packages/core/src/decorators/index.ts": 'export { Table } from "./table.js";\n',
      "packages/core/src/decorators/table.ts": "export function Table(name: string): (target: unknown) => void {\n  return () => void name;\n}\n",
      "packages/core/src/utils/check.ts": "export function check(value: unknown): boolean {\n  return value !== undefined;\n}\n",
      "packages/app/package.json": JSON.stringify({ name: "app" }),
      "packages/app/src/user.ts": [
        'import { Table } from "@acme/core/decorators";',
        'import { check } from "@acme/core/internal/utils/check.js";',
        "",
        '@Table("users")',
        "export class User {",
        "  valid(): boolean {",
        "    return check(this);",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect(await callers(dir, "Table")).toEqual([
      "TRAVERSE_HIT Caller Table (1 site in 1 file)",
      "→ function Table packages/core/src/decorators/table.ts:1",
      "  packages/app/src/user.ts: User 4",
      "complete",
    ]);
    // A `*` pattern: the longest prefix wins, and the star's text is carried into the target.
    expect(await callers(dir, "check")).toEqual([
      "TRAVERSE_HIT Caller check (1 site in 1 file)",
      "→ function check packages/core/src/utils/check.ts:1",
      "  packages/app/src/user.ts: User.valid 7",
      "complete",
    ]);
  });

  it("names a call through a repository package it cannot resolve as a candidate, never as a package's", async () => {
    const dir = await indexedFiles({
      ...WORKSPACE,
      "packages/core/package.json": JSON.stringify({ name: "@acme/core", exports: { ".": "./lib/index.js" } }),
      "packages/core/src/index.ts": "export const version = 1;\n",
      "packages/core/src/hidden/table.ts": "export function Table(name: string): string {\n  return name;\n}\n",
      "packages/app/package.json": JSON.stringify({ name: "app" }),
      "packages/app/src/user.ts": 'import { Table } from "@acme/core/generated";\n\nexport const users = Table("users");\n',
    });
    await namedOnly(dir, "Table", "Table", "packages/app/src/user.ts: users 3");

  });
});

describe("a workspace package's entry", () => {
  it("is what the compiler resolves: not another environment's condition (`react-server`), and a build's format folder (`dist/esm/`) maps to src/", async () => {
    const dir = await indexedFiles({
      ...WORKSPACE,
      "packages/router/package.json": JSON.stringify({
        name: "@acme/router",
        exports: { ".": { "react-server": { types: "./dist/esm/index.rsc.d.ts" }, import: { types: "./dist/esm/index.d.ts", default: "./dist/esm/index.js" } } },
      }),
      "packages/router/src/route.ts": "export function createRoute(path: string): string {\n  return path;\n}\n",
      "packages/router/src/index.ts": 'export { createRoute } from "./route";\n',
      "packages/router/src/index.rsc.ts": "export const serverOnly = true;\n",
      "packages/app/package.json": JSON.stringify({ name: "app", private: true }),
      "packages/app/src/routes.ts": 'import { createRoute } from "@acme/router";\n\nexport const home = createRoute("/");\n',
    });
    expect(await hitLines(dir, "traverse", "Caller", "createRoute")).toEqual([
      "TRAVERSE_HIT Caller createRoute (1 site in 1 file)",
      "→ function createRoute packages/router/src/route.ts:1",
      "  packages/app/src/routes.ts: home 3",
      "complete; rg -w adds 1 import, 1 export",
    ]);
  });
});

describe("a workspace package built to a folder of its build's own naming", () => {
  it("maps `build/main/index.js` to src/index.ts, and `lib/index.js` to sources kept at the package's root", async () => {
    const dir = await indexedFiles({
      ...WORKSPACE,
      "packages/generic/package.json": JSON.stringify({ name: "@acme/generic", main: "build/main/index.js", typings: "build/main/index.d.ts" }),
      "packages/generic/src/index.ts": 'export { digestType } from "./digest";\n',
      "packages/generic/src/digest.ts": "export function digestType(kind: string): string {\n  return kind;\n}\n",
      "packages/email/package.json": JSON.stringify({ name: "@acme/email", main: "lib/index.js" }),
      "packages/email/index.ts": 'export { sendEmail } from "./src/send";\n',
      "packages/email/src/send.ts": "export function sendEmail(to: string): string {\n  return to;\n}\n",
      "packages/app/package.json": JSON.stringify({ name: "app", private: true }),
      "packages/app/src/job.ts": 'import { digestType } from "@acme/generic";\nimport { sendEmail } from "@acme/email";\n\nexport const job = sendEmail(digestType("daily"));\n',
    });
    expect((await hitLines(dir, "traverse", "Caller", "digestType")).slice(1, 3)).toEqual(["→ function digestType packages/generic/src/digest.ts:1", "  packages/app/src/job.ts: job 4"]);
    expect((await hitLines(dir, "traverse", "Caller", "sendEmail")).slice(1, 3)).toEqual(["→ function sendEmail packages/email/src/send.ts:1", "  packages/app/src/job.ts: job 4"]);
  });
});

describe("a package's own `imports` (`#internal/x`)", () => {
  it("links a call through a `#` specifier to the file the nearest package.json maps it to", async () => {
    const dir = await indexedFiles({
      ...WORKSPACE,
      "packages/bench/package.json": JSON.stringify({ name: "@acme/bench", private: true, imports: { "#bench/lifecycle": "./lifecycle.ts", "#bench/utils/*": "./utils/*.ts" } }),
      "packages/bench/lifecycle.ts": "export function removeContainer(id: string): string {\n  return id;\n}\n",
      "packages/bench/utils/format.ts": "export function formatRun(id: string): string {\n  return id;\n}\n",
      "packages/bench/scenarios/mount.ts": 'import { removeContainer } from "#bench/lifecycle";\nimport { formatRun } from "#bench/utils/format";\n\nexport const done = removeContainer(formatRun("a"));\n',
    });
    expect((await hitLines(dir, "traverse", "Caller", "removeContainer")).slice(1, 3)).toEqual(["→ function removeContainer packages/bench/lifecycle.ts:1", "  packages/bench/scenarios/mount.ts: done 4"]);
    expect((await hitLines(dir, "traverse", "Caller", "formatRun")).slice(1, 3)).toEqual(["→ function formatRun packages/bench/utils/format.ts:1", "  packages/bench/scenarios/mount.ts: done 4"]);
  });
});

describe("a hand-written declaration file beside the script it types", () => {
  const FILES = {
    "src/base.ts": "export class Base {\n  quote(name: string): string {\n    return `\"${name}\"`;\n  }\n}\n",
    "src/generator.js": 'import { Base } from "./base.js";\n\nexport class Generator extends Base {\n  select(table) {\n    return `SELECT * FROM ${this.quote(table)}`;\n  }\n  all(tables) {\n    return tables.map((table) => this.select(table));\n  }\n}\n',
    "src/generator.d.ts": [
      'import { Base } from "./base.js";',
      "",
      "export class Generator extends Base {",
      "  select(table: string): string;",
      "  insert(table: string): string;",
      "}",
      "",
    ].join("\n"),
    "src/use.ts": [
      'import type { Generator } from "./generator.js";',
      "",
      "export function run(generator: Generator): string[] {",
      '  return [generator.select("users"), generator.quote("users"), generator.insert("users")];',
      "}",
      "",
    ].join("\n"),
  };

  it("links a member the declaration file inherits from a source file to that source", async () => {
    const dir = await indexedFiles(FILES);
    expect(await callers(dir, "Base.quote")).toEqual([
      "TRAVERSE_HIT Caller Base.quote (2 sites in 2 files)",
      "→ method Base.quote src/base.ts:2",
      "  src/generator.js: Generator.select 5",
      "  src/use.ts: run 4",
      "complete",
    ]);
  });

  it("indexes the declaration file: a call typed through it reaches its declaration and the script's", async () => {
    const dir = await indexedFiles(FILES);
    expect(await callers(dir, "src/generator.d.ts:Generator.select")).toEqual([
      "TRAVERSE_HIT Caller src/generator.d.ts:Generator.select (2 sites in 2 files)",
      // The script's method implements the declaration: shown as its override.
      "→ method Generator.select src/generator.js:4 · 1 site in 1 file · override in class Generator",
      "  (same file): Generator.all 8",
      "→ method Generator.select src/generator.d.ts:4 · 1 site in 1 file",
      "  src/use.ts: run 4",
      "complete",
    ]);
  });

  it("when the declaration file is not indexed, links what it declares to the script, and names what only it declares", async () => {
    const dir = await indexedFiles({
      ...FILES,
      ".ai/index-config.yaml": "exclude:\n  - src/generator.d.ts\n",
      "src/other.ts": "export class Other {\n  insert(table: string): string {\n    return table;\n  }\n}\n",
    });
    expect(await callers(dir, "Generator.select")).toEqual([
      "TRAVERSE_HIT Caller Generator.select (2 sites in 2 files)",
      "→ method Generator.select src/generator.js:4",
      "  (same file): Generator.all 8",
      "  src/use.ts: run 4",
      "complete",
    ]);
    await namedOnly(dir, "Other.insert", "insert", "src/use.ts: run 4");
  });

  it("leaves out a declaration file that is build output: beside a script in a folder without TypeScript sources, or with a map", async () => {
    const dir = await indexedFiles({
      ...FILES,
      "index.js": "export function parse(text) {\n  return text;\n}\n",
      "index.d.ts": "export declare function parse(text: string): string;\n",
      "src/mapped.js": "export const mapped = 1;\n",
      "src/mapped.d.ts": "export declare const mapped: number;\n",
      "src/mapped.d.ts.map": "{}\n",
    });
    expect(tableRows(dir, "file_index.md").map((row) => row[0])).toEqual(["index.js", "src/base.ts", "src/generator.d.ts", "src/generator.js", "src/mapped.js", "src/use.ts"]);
  });

  it("reaches a workspace package's hand-written entry declarations (`types: lib/index.d.ts`)", async () => {
    const dir = await indexedFiles({
      ...WORKSPACE,
      "packages/core/package.json": JSON.stringify({ name: "@acme/core", main: "./lib/index.js", types: "./lib/index.d.ts" }),
      "packages/core/src/index.js": 'const { Generator } = require("./generator.js");\nmodule.exports = { Generator };\n',
      "packages/core/src/index.d.ts": 'export { Generator } from "./generator.js";\n',
      ...Object.fromEntries(Object.entries(FILES).filter(([path]) => path !== "src/use.ts").map(([path, text]) => [`packages/core/${path}`, text])),
      "packages/dialect/package.json": JSON.stringify({ name: "@acme/dialect" }),
      "packages/dialect/src/mine.ts": 'import { Generator } from "@acme/core";\n\nexport class Mine extends Generator {\n  drop(table: string): string {\n    return `DROP ${this.quote(table)}`;\n  }\n}\n',
    });
    expect(await callers(dir, "Base.quote")).toEqual([
      "TRAVERSE_HIT Caller Base.quote (2 sites in 2 files)",
      "→ method Base.quote packages/core/src/base.ts:2",
      "  packages/core/src/generator.js: Generator.select 5",
      "  packages/dialect/src/mine.ts: Mine.drop 5",
      "complete",
    ]);
  });
});

describe("scripts share one global scope", () => {
  it("takes same-named functions of three scripts as one, as the compiler merges them: a Caller query of any lists all their calls", async () => {
    const worker = (n: number): string => `function send(message) {\n  return message;\n}\n\nself.onmessage = (event) => send(event.data + ${n});\n`;
    const dir = await indexedFiles({ "apps/a/public/worker.js": worker(1), "apps/b/public/worker.js": worker(2), "apps/c/public/worker.js": worker(3) });
    const all = (query: string): string[] => [
      `TRAVERSE_HIT Caller ${query} (3 sites in 3 files)`,
      ...["a", "b", "c"].flatMap((app) => [`→ function send apps/${app}/public/worker.js:1 · 1 site in 1 file`, "  (same file): (module) 5"]),
      "complete",
    ];
    // Not siblings through a shared base, as two overrides of one method are: one global declared three times.
    expect(await callers(dir, "apps/b/public/worker.js:send")).toEqual(all("apps/b/public/worker.js:send"));
    expect(await callers(dir, "apps/c/public/worker.js:send")).toEqual(all("apps/c/public/worker.js:send"));
  });
});
