import { describe, expect, it } from "vitest";
import { copyFixture, ctx, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, test, signature rows of symbol_index.md. */
async function symbolsOf(fixture: string): Promise<{ rows: string[][]; stdout: string }> {
  const dir = copyFixture(`symbols/${fixture}`);
  const run = await ctx(dir, "index");
  expect(run.code).toBe(0);
  return { rows: tableRows(dir, "symbol_index.md"), stdout: run.stdout };
}

describe("symbol_index.md", () => {
  it("lists every declaration kind with its container, export status, span and signature", async () => {
    const { rows } = await symbolsOf("every-declaration-kind");
    const brief = rows.map(([name, kind, container, exported, location]) => [name, kind, container, exported, location]);
    expect(brief).toEqual([
      ["plainFunction", "function", "", "yes", "src/kinds.ts:2-4"],
      ["arrowFunction", "function", "", "yes", "src/kinds.ts:6-9"],
      ["NamedClassExpression", "class", "", "no", "src/kinds.ts:11-13"],
      ["run", "method", "NamedClassExpression", "yes", "src/kinds.ts:12-12"],
      ["Service", "class", "", "yes", "src/kinds.ts:15-31"],
      ["instances", "property", "Service", "yes", "src/kinds.ts:16-16"],
      ["#secret", "property", "Service", "no", "src/kinds.ts:17-17"],
      ["cache", "property", "Service", "no", "src/kinds.ts:18-18"],
      ["name", "property", "Service", "yes", "src/kinds.ts:19-19"],
      ["repo", "property", "Service", "no", "src/kinds.ts:19-19"],
      ["size", "getter", "Service", "yes", "src/kinds.ts:22-24"],
      ["size", "setter", "Service", "yes", "src/kinds.ts:25-25"],
      ["handle", "method", "Service", "yes", "src/kinds.ts:26-26"],
      ["find", "method", "Service", "yes", "src/kinds.ts:27-27"],
      ["Shape", "interface", "", "yes", "src/kinds.ts:33-35"],
      ["Id", "type", "", "yes", "src/kinds.ts:37-37"],
      ["Color", "enum", "", "yes", "src/kinds.ts:39-42"],
      ["Outer", "namespace", "", "yes", "src/kinds.ts:44-47"],
      ["Inner", "namespace", "Outer", "yes", "src/kinds.ts:44-47"],
      ["deep", "function", "Outer.Inner", "yes", "src/kinds.ts:45-45"],
      ["hidden", "constant", "Outer.Inner", "no", "src/kinds.ts:46-46"],
      ["counter", "variable", "", "yes", "src/kinds.ts:49-49"],
      ["left", "constant", "", "yes", "src/kinds.ts:50-50"],
      ["renamed", "constant", "", "yes", "src/kinds.ts:50-50"],
    ]);
    const signature = (name: string) => rows.find((row) => row[0] === name)?.[6];
    expect(signature("plainFunction")).toBe("`export function plainFunction(a: number, b: number): number`");
    expect(signature("arrowFunction")).toBe("`export const arrowFunction = async (id: string): Promise<string> =>`");
    expect(signature("Service")).toBe("`export abstract class Service<T> extends Object implements Iterable<T>`");
    expect(signature("Id")).toBe("`export type Id = string \\| number`");
  });

  it("indexes what parses around a syntax error and reports the file as partial", async () => {
    const { rows, stdout } = await symbolsOf("syntax-error-partial");
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(["beforeTheError", "AfterTheError", "method"]));
    expect(stdout).toContain("parsed partially");
    expect(stdout).toMatch(/src\/broken\.ts: \d+ syntax errors?/);
  });

  it("names anonymous default exports `default` and keeps named ones under their name", async () => {
    const { rows } = await symbolsOf("default-exports");
    expect(rows.map(([name, kind, , exported, location]) => [name, kind, exported, location])).toEqual([
      ["default", "function", "yes", "src/anonymous.ts:1-3"],
      ["config", "constant", "no", "src/expression.ts:1-1"],
      ["default", "default", "yes", "src/expression.ts:2-2"],
      ["Widget", "class", "yes", "src/named.ts:1-1"],
    ]);
  });

  it("lists an overload group once, at its implementation, with the first signature and the overload count", async () => {
    const { rows } = await symbolsOf("overload-groups");
    expect(rows.map(([name, kind, container, , location, , signature]) => [name, kind, container, location, signature])).toEqual([
      ["parse", "function", "", "src/parse.ts:3-5", "`export function parse(text: string): number (2 overloads)`"],
      ["declared", "function", "", "src/parse.ts:7-7", "`export declare function declared(a: string): void (2 overloads)`"],
      ["Reader", "class", "", "src/parse.ts:10-20", "`export class Reader`"],
      ["read", "method", "Reader", "src/parse.ts:13-15", "`read(): string (2 overloads)`"],
      ["read", "method", "Reader", "src/parse.ts:17-19", "`static read(): Reader`"],
    ]);
  });
});
