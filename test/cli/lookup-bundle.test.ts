import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, indexedFixture } from "../helpers/fixture.js";

const BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");
const BUNDLE = join(import.meta.dirname, "..", "..", "dist", "lookup", "ctx.cjs");

// bin/ctx.js runs traverse, show, outline, brief, index and hook from dist/lookup/ctx.cjs (scripts/bundle-lookup.mjs,
// built by `npm run build`, which `npm test` runs first): the same code as one CommonJS bundle, for start-up.
describe("the lookup commands run from the bundle", () => {
  it("is built, and answers byte for byte as the CLI does, exit codes included", async () => {
    expect(existsSync(BUNDLE)).toBe(true);
    const dir = await indexedFixture("traverse/users-service");
    const cases = [
      ["traverse", "Symbol", "UsersService"],
      ["traverse", "Impact", "UsersService.find"],
      ["traverse", "Symbol", "NoSuchName"],
      ["show", "UsersService.find"],
      ["outline", "src"],
      ["brief", "fix UsersService.find returning undefined"],
    ];
    for (const argv of cases) {
      const bundled = spawnSync(process.execPath, [BIN, ...argv], { cwd: dir, encoding: "utf8" });
      const inProcess = await ctx(dir, ...argv);
      expect({ argv, code: bundled.status, stdout: bundled.stdout }).toEqual({ argv, code: inProcess.code, stdout: inProcess.stdout });
    }
  });

  it("indexes as the CLI does, parsing on dist/'s worker threads", async () => {
    const [bundledDir, inProcessDir] = [copyFixture("traverse/users-service"), copyFixture("traverse/users-service")];
    const bundled = spawnSync(process.execPath, [BIN, "index", "--json"], { cwd: bundledDir, encoding: "utf8", env: { ...process.env, CTX_WORKERS: "1" } });
    expect(bundled.status).toBe(0);
    expect(JSON.parse(bundled.stdout)).toMatchObject({ skipped: [] });
    expect((await ctx(inProcessDir, "index", "-q")).code).toBe(0);
    const indexFile = (root: string, file: string): string => readFileSync(join(root, ".ai", file), "utf8").replace(/head=[0-9a-f]+/, "head=…");
    for (const file of ["symbol_index.md", "call_index.md", "file_index.md", "domain-manifest.yaml"]) expect(indexFile(bundledDir, file)).toBe(indexFile(inProcessDir, file));
  });
});
