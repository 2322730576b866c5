import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFiles, indexedFixture, readAi } from "../helpers/fixture.js";

const FIXTURE = "calls/called-through-members";

async function callers(dir: string, query: string): Promise<string[]> {
  const run = await ctx(dir, "traverse", "Caller", query);
  expect(run.code, run.stdout).toBe(0);
  return run.stdout.trimEnd().split("\n");
}

/** The lines of `path` a Caller answer names, as hits or as unresolved candidates. */
async function linesIn(dir: string, query: string, path: string): Promise<number[]> {
  const answer = JSON.parse((await ctx(dir, "traverse", "Caller", query, "--json")).stdout) as { hits: { path: string; line: number }[]; candidates?: { path: string; line: number }[] };
  return [...answer.hits, ...(answer.candidates ?? [])].filter((site) => site.path === path).map((site) => site.line);
}

/** An interface and a type guard for it, the first six lines of a file. */
const NODE_SOURCE = [
  "export interface NodeSource {",
  "  toNode(): string;",
  "}",
  "export function isNodeSource(value: unknown): value is NodeSource {",
  '  return typeof value === "object" && value !== null && "toNode" in value;',
  "}",
];

/** A model class (`findOne` at line 2, `save` at line 5), a factory of it, and a test setup helper whose callback's result is its type. */
const MODEL_FILE = [
  "export class Model {",
  "  static findOne<M extends Model>(this: new () => M): M | null {",
  "    return null;",
  "  }",
  "  save(): this {",
  "    return this;",
  "  }",
  "}",
  "export async function makeUser(): Promise<typeof Model> {",
  "  return Model;",
  "}",
  "export function beforeEach2<T extends Record<string, any>>(cb: () => Promise<T> | T): T {",
  "  return {} as T;",
  "}",
  "",
].join("\n");

describe("traverse Caller on a class, an interface or a namespace", () => {
  it("lists a class's new sites, then the callers of each member — static ones included — in member order", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await callers(dir, "Scheduler")).toEqual([
      "TRAVERSE_HIT Caller Scheduler (4 sites in 2 files)",
      "→ class Scheduler src/jobs.ts:2 · 1 site in 1 file",
      "  (same file): Scheduler.start 6",
      "→ method Scheduler.start src/jobs.ts:5 · 2 sites in 1 file",
      "  src/main.ts: boot 4; restart 10",
      "→ method Scheduler.tick src/jobs.ts:11 · 1 site in 1 file",
      "  (same file): Scheduler.start 7",
      // Every other line naming the class, accounted for; `return Scheduler.instance` reads a static, calls nothing.
      "complete; rg -w adds 1 import, 3 type uses, 1 other use: src/jobs.ts:8",
    ]);
  });

  it("answers for an interface through the calls of its members, and for a namespace through its functions", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect((await callers(dir, "Queue")).slice(1, -1)).toEqual(["→ method Queue.push src/jobs.ts:17 · 1 site in 1 file", "  src/main.ts: boot 5", "→ method Queue.drain src/jobs.ts:18 · 1 site in 1 file", "  src/main.ts: boot 6"]);
    expect((await callers(dir, "Queues")).slice(1, -1)).toEqual(["→ function Queues.memory src/jobs.ts:22", "  src/main.ts: defaultQueue 13"]);
  });

  it("gives a class's Callee as the calls its members make", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Callee", "Scheduler");
    expect(run.stdout.trimEnd().split("\n").slice(1)).toEqual([
      "← method Scheduler.start src/jobs.ts",
      "  6 Scheduler · class @ src/jobs.ts:2",
      "  7 Scheduler.tick · method @ src/jobs.ts:11",
      "complete; 0 unresolved",
    ]);
  });
});

describe("a hub's answer", () => {
  it("names a class once for the members of it that call from one file", async () => {
    const dir = await indexedFiles({
      "src/cache.ts": "export function cached(key: string): string {\n  return key;\n}\n",
      "src/runner.ts": [
        'import { cached } from "./cache";',
        "",
        "export class Runner {",
        "  drop(): string {",
        '    return cached("a");',
        "  }",
        "  rename(): string {",
        '    return cached("b") + cached("c");',
        "  }",
        "}",
        "",
        'export const top = cached("d");',
        "",
      ].join("\n"),
      "src/tool.ts": 'import { cached } from "./cache";\n\nexport class Tool {\n  run(): string {\n    return cached("e");\n  }\n  stop(): string {\n    return cached("f");\n  }\n}\n',
    });
    expect((await hitLines(dir, "traverse", "Caller", "cached")).slice(2, 4)).toEqual([
      // A caller outside the class (the constant `top`) keeps every name whole.
      "  src/runner.ts: Runner.drop 5; Runner.rename 8; top 12",
      "  src/tool.ts: Tool.{run 5; stop 8}",
    ]);
  });
});

describe("a static and an instance member of one name", () => {
  const files = {
    "src/types.ts": [
      "export class DataType {",
      "  static id(): string {",
      '    return "base";',
      "  }",
      "  id(): string {",
      "    return DataType.id();",
      "  }",
      "  static describe(): string {",
      "    return this.id();",
      "  }",
      "  label(): string {",
      "    return this.id();",
      "  }",
      "}",
      "export class Text extends DataType {",
      "  static tag(): string {",
      "    return super.id();",
      "  }",
      "}",
      "",
    ].join("\n"),
    "src/use.ts": [
      'import { DataType } from "./types";',
      "",
      "export function name(type: DataType): string {",
      "  return type.id();",
      "}",
      "export function kind(): string {",
      "  return DataType.id();",
      "}",
      "",
    ].join("\n"),
  };

  it("are two declarations: calls through the class reach the static one, calls through an instance the other", async () => {
    const dir = await indexedFiles(files);
    expect((await callers(dir, "DataType.id")).slice(1, -1)).toEqual([
      // `this` in a static method is the class, `super` its base class.
      "→ method DataType.id src/types.ts:2 · 4 sites in 2 files",
      "  (same file): DataType.id 6; DataType.describe 9; Text.tag 17",
      "  src/use.ts: kind 7",
      "→ method DataType.id src/types.ts:5 · 2 sites in 2 files",
      "  (same file): DataType.label 12",
      "  src/use.ts: name 4",
    ]);
  });
});

describe("a type and a value of one name", () => {
  it("are two declarations: a call reaches the function, an annotation the interface, whichever is declared first", async () => {
    const dir = await indexedFiles({
      "src/maker.ts": [
        "export interface Maker {",
        "  describe(): string;",
        "}",
        "export function Maker(tag: string): Maker {",
        "  return { describe: () => tag };",
        "}",
        "export function Parser(text: string): Parser {",
        "  return { parse: () => text };",
        "}",
        "export interface Parser {",
        "  parse(): string;",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": [
        'import { Maker, Parser } from "./maker";',
        "",
        "export function run(): string {",
        '  const made = Maker("x");',
        '  return made.describe() + Parser("y").parse();',
        "}",
        "export function show(maker: Maker, parser: Parser): string {",
        "  return maker.describe() + parser.parse();",
        "}",
        "",
      ].join("\n"),
    });
    // The name answers for both: the function's calls, then the interface's through its members.
    expect((await callers(dir, "Maker")).slice(1, -1)).toEqual([
      "→ function Maker src/maker.ts:4 · 1 site in 1 file",
      "  src/use.ts: run 4",
      "→ method Maker.describe src/maker.ts:2 · 2 sites in 1 file",
      // What the function returns, and a parameter annotated with the type, have the interface's members.
      "  src/use.ts: run 5; show 8",
    ]);
    expect((await callers(dir, "src/maker.ts:7")).slice(1, 3)).toEqual(["→ function Parser src/maker.ts:7 · 1 site in 1 file", "  src/use.ts: run 5"]);
    expect((await callers(dir, "Parser.parse")).slice(1, -1)).toEqual(["→ method Parser.parse src/maker.ts:11", "  src/use.ts: run 5; show 8"]);
  });
});

describe("a local narrowed by a type guard", () => {
  it("has the type the guard's `value is T` names, in the branch where the guard holds (a function's or a method's)", async () => {
    const dir = await indexedFiles({
      "src/source.ts": [
        ...NODE_SOURCE,
        "export class Wrapper {",
        "  isWrapped(value: unknown): value is Wrapper {",
        "    return value instanceof Wrapper;",
        "  }",
        "  unwrap(): string {",
        '    return "w";',
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/parse.ts": [
        'import { isNodeSource, Wrapper } from "./source";',
        "",
        "export function parse(value: unknown): string {",
        "  return isNodeSource(value) ? value.toNode() : String(value);",
        "}",
        "export function unwrapAll(values: unknown[], wrapper: Wrapper): string[] {",
        "  return values.map((value) => {",
        "    if (wrapper.isWrapped(value) && value.unwrap()) {",
        "      return value.unwrap();",
        "    }",
        '    return "";',
        "  });",
        "}",
        "",
      ].join("\n"),
    });
    expect((await callers(dir, "NodeSource.toNode")).slice(1)).toEqual(["→ method NodeSource.toNode src/source.ts:2", "  src/parse.ts: parse 4", "complete; rg -w adds 1 comment or string"]);
    expect((await callers(dir, "Wrapper.unwrap")).slice(1, 3)).toEqual(["→ method Wrapper.unwrap src/source.ts:11", "  src/parse.ts: unwrapAll 8, 9"]);
  });

  it("keeps the parts of the declared type the guard's type already covers, as the checker narrows a union", async () => {
    const dir = await indexedFiles({
      "src/source.ts": [
        ...NODE_SOURCE,
        "export class Expression implements NodeSource {",
        "  toNode(): string {",
        '    return "expression";',
        "  }",
        "}",
        "export class TableBuilder implements NodeSource {",
        "  toNode(): string {",
        '    return "table";',
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/parse.ts": 'import { type Expression, isNodeSource } from "./source";\n\nexport function parseType(type: string | Expression): string {\n  return isNodeSource(type) ? type.toNode() : type;\n}\n',
      "src/default.ts": 'import { type Expression, isNodeSource } from "./source";\n\nexport function parseDefault(value: unknown | Expression): string {\n  return isNodeSource(value) ? value.toNode() : "";\n}\n',
    });
    const lines = await callers(dir, "Expression.toNode");
    expect(lines.slice(lines.indexOf("→ method Expression.toNode src/source.ts:8 · 1 site in 1 file"))[1]).toBe("  src/parse.ts: parseType 4");
    // Narrowed to the Expression: no call of another implementation of NodeSource.
    expect(await linesIn(dir, "TableBuilder.toNode", "src/parse.ts")).toEqual([]);
    // `unknown | Expression` is `unknown`: narrowed to the guard's NodeSource, whose implementations it may run.
    expect(await callers(dir, "TableBuilder.toNode")).toContain("  src/default.ts: parseDefault 4");
  });

  it("binds a generic guard's type parameters to the call's arguments: `is(value, IndexBuilder)` narrows to an IndexBuilder", async () => {
    const dir = await indexedFiles({
      "src/entity.ts": [
        "export type EntityClass<T> = abstract new (...args: any[]) => T;",
        "export function is<T extends EntityClass<any>>(value: any, type: T): value is InstanceType<T> {",
        "  return value instanceof type;",
        "}",
        "export class IndexBuilder {",
        "  build(): string {",
        '    return "index";',
        "  }",
        "}",
        "export class CheckBuilder {",
        "  build(): string {",
        '    return "check";',
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/config.ts": [
        'import { CheckBuilder, IndexBuilder, is } from "./entity";',
        "",
        "export function collect(values: unknown[]): string[] {",
        "  const out: string[] = [];",
        "  for (const builder of values) {",
        "    if (is(builder, IndexBuilder)) out.push(builder.build());",
        "    else if (is(builder, CheckBuilder)) out.push(builder.build());",
        "  }",
        "  return out;",
        "}",
        "",
      ].join("\n"),
    });
    expect((await callers(dir, "IndexBuilder.build")).slice(1, 3)).toEqual(["→ method IndexBuilder.build src/entity.ts:6", "  src/config.ts: collect 6"]);
    expect((await callers(dir, "CheckBuilder.build")).slice(1, 3)).toEqual(["→ method CheckBuilder.build src/entity.ts:11", "  src/config.ts: collect 7"]);
  });
});

describe("a generic bound by the object a callback returns", () => {
  it("types its members (`beforeEach2(async () => ({ User: await makeUser() }))`), and a read of such a member is no call of the class", async () => {
    const dir = await indexedFiles({
      "src/model.ts": MODEL_FILE,
      "src/use.ts": [
        'import { beforeEach2, makeUser, Model } from "./model";',
        "",
        "const vars = beforeEach2(async () => {",
        "  return { User: await makeUser() };",
        "});",
        "const plain = beforeEach2(() => ({ User: Model }));",
        "export async function run(): Promise<void> {",
        "  const User = vars.User;",
        "  await User.findOne();",
        "  plain.User.findOne();",
        "}",
        "",
      ].join("\n"),
    });
    expect((await callers(dir, "Model.findOne")).slice(1, 3)).toEqual(["→ method Model.findOne src/model.ts:2", "  src/use.ts: run 9, 10"]);
    // `vars.User` and `plain.User` read a property that holds the class: the compiler's call hierarchy lists neither.
    expect(await linesIn(dir, "Model", "src/use.ts")).not.toContain(8);
  });
});

describe("a class wrapped to be called without new", () => {
  it("makes what `new` of the class makes: `A extends new (...args: infer P) => infer I ? A & ((...args: P) => I) : never`", async () => {
    const dir = await indexedFiles({
      "src/invokable.ts": [
        "type Callable<A extends abstract new () => any> = A extends new (...args: infer Args) => infer Instance ? A & ((...args: Args) => Instance) : never;",
        "export function classToInvokable<Class extends new (...args: any[]) => any>(constructor: Class): Callable<Class> {",
        "  return constructor as any;",
        "}",
        "",
      ].join("\n"),
      "src/types.ts": "export class BaseNumber {\n  validate(value: unknown): void {}\n}\nexport class FLOAT extends BaseNumber {}\n",
      "src/data-types.ts": 'import * as DataTypes from "./types";\nimport { classToInvokable } from "./invokable";\n\nexport const FLOAT = classToInvokable(DataTypes.FLOAT);\n',
      "src/use.ts": 'import * as DataTypes from "./data-types";\n\nexport function check(): void {\n  const type = DataTypes.FLOAT();\n  type.validate(1.2);\n}\n',
    });
    expect((await callers(dir, "BaseNumber.validate")).slice(1)).toEqual(["→ method BaseNumber.validate src/types.ts:2", "  src/use.ts: check 5", "complete"]);
  });
});

describe("a class declared in a callback", () => {
  it("reaches its bases: `class User extends Model {}` in a setup callback whose result a generic hands back", async () => {
    const dir = await indexedFiles({
      "src/model.ts": MODEL_FILE,
      "src/use.ts": [
        'import { beforeEach2, Model } from "./model";',
        "",
        "const vars = beforeEach2(async () => {",
        "  class User extends Model {",
        "    greet(): string {",
        "      this.save();",
        '      return "hi";',
        "    }",
        "  }",
        "  new User().save();",
        "  return { User };",
        "});",
        "export function run(): void {",
        "  const user = vars.User.findOne();",
        "  user?.save();",
        "}",
        "",
      ].join("\n"),
      "src/own.ts": [
        'import { Model } from "./model";',
        "",
        "export function check(): void {",
        "  class Draft extends Model {",
        "    override save(): this {",
        "      return this;",
        "    }",
        "  }",
        "  new Draft().save();",
        "}",
        "",
      ].join("\n"),
    });
    expect((await callers(dir, "Model.save")).slice(1, 3)).toEqual(["→ method Model.save src/model.ts:5", "  src/use.ts: vars 6, 10; run 15"]);
    expect((await callers(dir, "Model.findOne")).slice(1, 3)).toEqual(["→ method Model.findOne src/model.ts:2", "  src/use.ts: run 14"]);
    // A local class's own member is what a call of it runs: not a call of the base's.
    expect(await linesIn(dir, "Model.save", "src/own.ts")).toEqual([]);
    // The local classes are reached through, never named: no row has one as a caller, a target or an override.
    expect(readAi(dir, "call_index.md")).not.toMatch(/User@|Draft@/);
  });
});

describe("a return type read through a generic class's type parameter", () => {
  it("binds the parameter where the instance was typed: `ReturnType<ReturnType<D['getPlatform']>['getSchema']>` of an ORM<SqlDriver>", async () => {
    const dir = await indexedFiles({
      "src/gen.ts": [
        "export interface ISchema {",
        "  update(): void;",
        "}",
        "export abstract class AbstractSchema implements ISchema {",
        "  update(): void {}",
        "}",
        "export class SqlSchema extends AbstractSchema {",
        "  override update(): void {}",
        "}",
        "export class MongoSchema extends AbstractSchema {",
        "  override update(): void {}",
        "}",
        "export interface Platform {",
        "  getSchema(): ISchema;",
        "}",
        "export class SqlPlatform implements Platform {",
        "  getSchema(): SqlSchema {",
        "    return new SqlSchema();",
        "  }",
        "}",
        "export interface Driver {",
        "  getPlatform(): Platform;",
        "}",
        "export class SqlDriver implements Driver {",
        "  getPlatform(): SqlPlatform {",
        "    return new SqlPlatform();",
        "  }",
        "}",
        "export class ORM<D extends Driver = Driver> {",
        "  constructor(private readonly driver: D) {}",
        '  get schema(): ReturnType<ReturnType<D["getPlatform"]>["getSchema"]> {',
        "    return this.driver.getPlatform().getSchema() as any;",
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": 'import type { ORM, SqlDriver } from "./gen";\n\nexport function migrate(orm: ORM<SqlDriver>): void {\n  orm.schema.update();\n}\n',
    });
    expect((await callers(dir, "SqlSchema.update")).slice(1, 3)).toEqual(["→ method SqlSchema.update src/gen.ts:8", "  src/use.ts: migrate 4"]);
    // A call of the SQL schema's update cannot run the Mongo one's: a sibling, not a call through their base.
    expect(await linesIn(dir, "MongoSchema.update", "src/use.ts")).toEqual([]);
  });
});

describe("a static member of a subclass", () => {
  it("is no override of the base's: the call hierarchy does not count one's calls as the other's, unlike instance members", async () => {
    const dir = await indexedFiles({
      "src/logger.ts": [
        "export class DefaultLogger {",
        "  static create(): DefaultLogger {",
        "    return new DefaultLogger();",
        "  }",
        "  log(): void {}",
        "}",
        "export class SimpleLogger extends DefaultLogger {",
        "  static override create(): SimpleLogger {",
        "    return new SimpleLogger();",
        "  }",
        "  override log(): void {}",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": 'import { DefaultLogger, SimpleLogger } from "./logger";\n\nexport const factory = SimpleLogger.create;\nexport function run(l: DefaultLogger): void {\n  l.log();\n}\n',
    });
    expect(await linesIn(dir, "DefaultLogger.create", "src/use.ts")).toEqual([]);
    expect((await callers(dir, "SimpleLogger.create")).slice(1, 3)).toEqual(["→ method SimpleLogger.create src/logger.ts:8", "  src/use.ts: factory 3"]);
    // An instance override still answers for calls through the base.
    expect((await callers(dir, "SimpleLogger.log")).slice(1)).toContain("  src/use.ts: run 5");
  });
});

describe("a generic type alias used with arguments", () => {
  it("binds its type parameters: `ModelStatic<M> = OmitConstructors<typeof Model> & { new (): M }` has Model's static members", async () => {
    const dir = await indexedFiles({
      "src/model.ts": "export class Model {\n  static findOne(): Model | null {\n    return null;\n  }\n}\n",
      "src/types.ts": [
        'import type { Model } from "./model";',
        "",
        "type NonConstructorKeys<T> = { [P in keyof T]: T[P] extends new () => unknown ? never : P }[keyof T];",
        "export type OmitConstructors<T> = Pick<T, NonConstructorKeys<T>>;",
        "export type ModelStatic<M extends Model = Model> = OmitConstructors<typeof Model> & { new (): M };",
        "",
      ].join("\n"),
      "src/use.ts": 'import type { Model } from "./model";\nimport type { ModelStatic } from "./types";\n\nexport function first(target: ModelStatic<Model>): Model | null {\n  return target.findOne();\n}\n',
    });
    expect((await callers(dir, "Model.findOne")).slice(1)).toEqual(["→ method Model.findOne src/model.ts:2", "  src/use.ts: first 5", "complete"]);
  });
});
