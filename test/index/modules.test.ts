import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, readAi } from "../helpers/fixture.js";

interface ManifestModule {
  name: string;
  paths: string[];
  entries: string[];
  depends_on: string[];
  files: number;
  description: string;
  keywords: string[];
  owners: string[];
  [key: string]: unknown;
}

function manifest(dir: string): ManifestModule[] {
  return (yaml.load(readAi(dir, "domain-manifest.yaml")) as { modules: ManifestModule[] }).modules;
}

describe("domain-manifest.yaml", () => {
  it("makes one module per npm workspace package, with entries from package.json and dependencies from imports", async () => {
    const dir = copyFixture("index/npm-workspaces");
    await ctx(dir, "index", "-q");
    expect(manifest(dir).map(({ name, paths, entries, depends_on, files }) => ({ name, paths, entries, depends_on, files }))).toEqual([
      { name: "@acme/billing", paths: ["packages/billing"], entries: ["packages/billing/src/index.ts"], depends_on: [], files: 2 },
      { name: "@acme/web", paths: ["packages/web"], entries: ["packages/web/src/main.ts"], depends_on: ["@acme/billing"], files: 1 },
    ]);
  });

  it("reads pnpm-workspace.yaml packages", async () => {
    const dir = copyFixture("index/pnpm-workspace");
    await ctx(dir, "index", "-q");
    expect(manifest(dir).map((m) => [m.name, m.paths, m.depends_on])).toEqual([
      ["core-lib", ["libs/core"], []],
      ["ui-lib", ["libs/ui"], ["core-lib"]],
    ]);
  });

  it("in a single package, makes one module per folder under src/ and per other top-level folder", async () => {
    const dir = copyFixture("index/single-package-folders");
    await ctx(dir, "index", "-q");
    expect(manifest(dir).map((m) => [m.name, m.paths, m.entries, m.depends_on])).toEqual([
      ["billing", ["src/billing"], ["src/billing/charge.ts"], []],
      ["scripts", ["scripts"], [], []],
      ["src", ["src"], ["src/main.ts"], ["users"]],
      ["users", ["src/users"], ["src/users/users.service.ts"], ["billing"]],
    ]);
  });

  it("keeps hand-written description, keywords, owners and extra keys through regeneration", async () => {
    const dir = copyFixture("index/single-package-folders");
    await ctx(dir, "index", "-q");
    const path = join(dir, ".ai/domain-manifest.yaml");
    const edited = readFileSync(path, "utf8").replace(
      /(- name: billing\n(?:.*\n)*?) {4}description: ''\n {4}keywords: \[\]\n {4}owners: \[\]\n/,
      "$1    description: Charges and refunds.\n    keywords:\n      - payment\n      - invoice\n    owners:\n      - '@payments-team'\n    runbook: docs/billing.md\n",
    );
    expect(edited).not.toBe(readFileSync(path, "utf8"));
    writeFileSync(path, edited);
    writeFileSync(join(dir, "src/billing/refund.ts"), "export function refund() {}\n");
    await ctx(dir, "index", "-q");
    const billing = manifest(dir).find((m) => m.name === "billing")!;
    expect(billing).toMatchObject({
      files: 2,
      description: "Charges and refunds.",
      keywords: ["payment", "invoice"],
      owners: ["@payments-team"],
      runbook: "docs/billing.md",
    });
  });

  it("refuses to run on a malformed manifest, naming the line, and leaves every file as it was", async () => {
    const dir = copyFixture("index/single-package-folders");
    await ctx(dir, "index", "-q");
    const path = join(dir, ".ai/domain-manifest.yaml");
    const broken = `${readFileSync(path, "utf8")}  - name: [unclosed\n`;
    writeFileSync(path, broken);
    const symbols = readAi(dir, "symbol_index.md");
    writeFileSync(join(dir, "src/main.ts"), "export const changed = 1;\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(2);
    // One line: the file and line, what is wrong, and what to do.
    expect(run.stderr).toMatch(/^ctx: \.ai\/domain-manifest\.yaml:\d+: invalid YAML.* — \S.*\n$/);
    expect(readFileSync(path, "utf8")).toBe(broken);
    expect(readAi(dir, "symbol_index.md")).toBe(symbols);
  });
});
