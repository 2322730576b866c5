import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, indexedFiles, tableRows, tempDir } from "../helpers/fixture.js";

const BUILDER = `export class Builder {
  option(flag: string): this {
    return this;
  }
}
export class Command extends Builder {
  action(): void {}
}
`;

/**
 * The call_index.md rows of the calls written at `site` (`path:line`, or every line of a file), those
 * of `callee` only when given: `{ site, callee, target }`.
 */
function callsAt(dir: string, site: string, callee?: string): { site: string; callee: string; target: string }[] {
  return tableRows(dir, "call_index.md")
    .filter((row) => (row[0] === site || row[0]!.startsWith(`${site}:`)) && (callee === undefined || row[4] === callee))
    .map((row) => ({ site: row[0]!, callee: row[4]!, target: row[6]! }));
}

/** `new Command().option("0")…` with `links` calls on separate lines, then `.action()`. */
function chain(links: number): string {
  const options = Array.from({ length: links }, (_, i) => `\n    .option("--flag-${i}")`).join("");
  return `import { Command } from "./builder";\nexport function program() {\n  return new Command()${options}\n    .action();\n}\n`;
}

async function indexChain(links: number): Promise<{ dir: string; summaryBytes: number; longestLine: number }> {
  const dir = tempDir();
  writeFileSync(join(dir, "builder.ts"), BUILDER);
  writeFileSync(join(dir, "program.ts"), chain(links));
  git(dir, "init", "-q");
  const run = await ctx(dir, "index", "-q");
  expect(run.code, run.stderr).toBe(0);
  const segments = join(dir, ".ai/.cache/summaries");
  const lines = readdirSync(segments).flatMap((file) => readFileSync(join(segments, file), "utf8").split("\n"));
  return {
    dir,
    summaryBytes: lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0),
    longestLine: Math.max(...lines.map((line) => Buffer.byteLength(line))),
  };
}

describe("a chain of calls on a method that returns this", () => {
  it("resolves every link, and its summary grows linearly with the chain", { timeout: 60_000 }, async () => {
    const short = await indexChain(300);
    const rows = tableRows(short.dir, "call_index.md").filter((row) => row[0]!.startsWith("program.ts:"));
    const options = rows.filter((row) => row[4] === "Builder.option");
    expect(options).toHaveLength(300);
    expect(options.every((row) => row[6] === "builder.ts:2")).toBe(true);
    // `this` is the receiver's own class: the subclass's method after the chain resolves too.
    expect(rows.filter((row) => row[4] === "Command.action").map((row) => row[6])).toEqual(["builder.ts:7"]);
    expect(rows.some((row) => row[5] === "unresolved")).toBe(false);
    // Each link nested its receiver's type in the next, escaped once more per level: 24 links made 385 MB.
    expect(short.longestLine).toBeLessThan(300 * 100);

    const long = await indexChain(600);
    expect(long.summaryBytes).toBeLessThan(2.2 * short.summaryBytes);
  });

  it("types a value built by a long chain where another file uses it", { timeout: 60_000 }, async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "builder.ts"), BUILDER);
    const options = Array.from({ length: 200 }, (_, i) => `.option("${i}")`).join("");
    writeFileSync(join(dir, "program.ts"), `import { Command } from "./builder";\nexport const program = new Command()${options};\n`);
    writeFileSync(join(dir, "main.ts"), `import { program } from "./program";\nexport function main() {\n  program.action();\n}\n`);
    git(dir, "init", "-q");
    const run = await ctx(dir, "index", "-q");
    expect(run.code, run.stderr).toBe(0);
    expect(callsAt(dir, "main.ts:3").map((call) => [call.callee, call.target])).toEqual([["Command.action", "builder.ts:7"]]);
  });
});

describe("a generic method whose `this: T` is what it returns", () => {
  it("returns its receiver's type, as query builders' `where<T>(this: T): T & HasWhere` do", async () => {
    const dir = await indexedFiles({
      "src/where.ts": "export interface HasWhere {\n  hasWhere: true;\n}\nexport class Where {\n  where<T>(this: T, ...args: unknown[]): T & HasWhere {\n    void args;\n    return this as T & HasWhere;\n  }\n}\n",
      "src/query.ts": 'import { Where } from "./where";\n\nexport class Query extends Where {\n  create(): void {}\n}\nexport const tables = { user: new Query() };\n',
      "src/use.ts": 'import { Query, tables } from "./query";\n\nexport function run(q: Query): void {\n  q.where("a").where("b").create();\n  tables.user.where("c").create();\n}\n',
    });
    expect(callsAt(dir, "src/use.ts", "Query.create").map((call) => [call.site, call.target])).toEqual([
      ["src/use.ts:4", "src/query.ts:4"],
      ["src/use.ts:5", "src/query.ts:4"],
    ]);
  });

  it("keeps the receiver's members through a mapped type over its keys and a conditional type (`get<T>(this: T, …): GetResult<T, Arg>`)", async () => {
    const dir = await indexedFiles({
      "src/types.ts": [
        "export type ReturnsValue<T> = { [K in keyof T]: K extends 'then' ? Promise<unknown> : T[K] };",
        "export type GetResult<T, Arg> = Arg extends string ? ReturnsValue<T> : ReturnsValue<T> & { column: Arg };",
        "export type Unwrapped<T> = T extends Promise<infer U> ? U : never;",
        "",
      ].join("\n"),
      "src/query.ts": 'import type { GetResult } from "./types";\n\nexport class Query {\n  get<T, Arg>(this: T, arg: Arg): GetResult<T, Arg> {\n    return [this, arg] as never;\n  }\n  create(): void {}\n}\n',
      "src/use.ts": 'import type { Query } from "./query";\nimport type { Unwrapped } from "./types";\n\nexport function run(q: Query, p: Unwrapped<Promise<Query>>): void {\n  q.get("id").create();\n  p.create();\n}\n',
    });
    // `infer U` names no type of the file: the second call stays unresolved rather than guessed.
    expect(callsAt(dir, "src/use.ts", "Query.create").map((call) => call.site)).toEqual(["src/use.ts:5"]);
  });

  it("types what a helper returns as an object literal, destructured or not, down to the options it takes (`const { arrange } = useUtils()`)", async () => {
    const dir = await indexedFiles({
      "src/migration.ts": "export class Migration {\n  createTable(name: string): void {\n    void name;\n  }\n}\nexport type ChangeCallback = (db: Migration) => Promise<void>;\n",
      "src/utils.ts": [
        'import type { ChangeCallback } from "./migration";',
        "",
        "const arrange = async (arg: { prepareDb?: ChangeCallback }) => arg;",
        "export const useUtils = () => {",
        "  const act = () => 1;",
        "  return { arrange, act, config: { strict: true } };",
        "};",
        "",
      ].join("\n"),
      "src/use.test.ts": [
        'import { useUtils } from "./utils";',
        "",
        "export function suite(): void {",
        "  const { arrange } = useUtils();",
        "  void arrange({",
        "    async prepareDb(db) {",
        '      db.createTable("a");',
        "    },",
        "  });",
        "}",
        "",
      ].join("\n"),
    });
    expect(callsAt(dir, "src/use.test.ts:7").map((call) => [call.callee, call.target])).toEqual([["Migration.createTable", "src/migration.ts:2"]]);
  });

  it("types the methods of an object by the variable's declared type, and reads an index signature (`shape[key].toCode()`)", async () => {
    const dir = await indexedFiles({
      "src/ast.ts": [
        "export class Column {",
        "  toCode(key: string): string {",
        "    return key;",
        "  }",
        "}",
        "export interface ColumnsShape {",
        "  [K: string]: Column;",
        "}",
        'export interface TableAst {\n  type: "table";\n  shape: ColumnsShape;\n}',
        'export interface ViewAst {\n  type: "view";\n  extra: { [K: string]: Column };\n}',
        "export type Ast = TableAst | ViewAst;",
        "",
      ].join("\n"),
      "src/encode.ts": [
        'import type { Ast } from "./ast";',
        "",
        'export const encoders: { [K in Ast["type"]]: (ast: Ast & { type: K }, key: string) => string } = {',
        "  table(ast, key) {",
        "    return ast.shape[key].toCode(key) + ast.shape.id.toCode(key);",
        "  },",
        "  view: (ast, key) => ast.extra[key].toCode(key),",
        "};",
        "",
      ].join("\n"),
    });
    expect(callsAt(dir, "src/encode.ts").map((call) => [call.site, call.callee, call.target])).toEqual([
      ["src/encode.ts:5", "Column.toCode", "src/ast.ts:2"],
      ["src/encode.ts:7", "Column.toCode", "src/ast.ts:2"],
    ]);
  });

  it("follows an overloaded method whose overloads return one class bound differently (a conditional type's branches)", async () => {
    const dir = await indexedFiles({
      "src/app.ts": [
        "export interface Global {\n  global: true;\n}",
        "export interface Local {\n  local: true;\n}",
        "export class App<T = unknown> {",
        "  value?: T;",
        '  resolve<K extends "global" | "local">(options: { as: K }, fn: () => void): K extends "global" ? App<Global> : App<Local>;',
        "  resolve(fn: () => void): App<Local>;",
        "  resolve(...args: unknown[]): unknown {",
        "    return args.length > 0 ? this : undefined;",
        "  }",
        "  post(path: string): string {",
        "    return path;",
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": 'import { App } from "./app";\n\nexport const made = new App().resolve(() => undefined).post("/");\n',
    });
    expect(callsAt(dir, "src/use.ts:3", "App.post").map((call) => call.target)).toEqual(["src/app.ts:14"]);
  });
});
