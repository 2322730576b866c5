import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "calls/commonjs-require";

describe("CommonJS: what require() binds links to what the required file exports", () => {
  it("links a destructured require to a name in module.exports = { … }, at file level and in a body", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "format")).toEqual([
      "TRAVERSE_HIT Caller format (2 sites in 1 file)",
      "→ function format src/format.cjs:1",
      // `again(z)`, where `const { format: again } = require("./format.cjs")` in the body.
      "  src/caller.js: show 8; reformat 19",
      // `pkg.format(…)` is a member of a package's module: outside, not a candidate.
      "rg -w adds 2 declarations, 1 other member, 2 other uses: src/caller.js:17, src/format.cjs:5",
      "complete; 0 unresolved",
    ]);
  });

  it("links members of a required module to exports.name = … and module.exports.name = …", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "parse")).toEqual([
      "TRAVERSE_HIT Caller parse (1 site in 1 file)",
      "→ function parse src/lib.js:1",
      "  src/caller.js: read 13",
      "rg -w adds 1 other member",
      "complete; 0 unresolved",
    ]);
    expect(await hitLines(dir, "traverse", "Caller", "stringify")).toEqual([
      "TRAVERSE_HIT Caller stringify (1 site in 1 file)",
      "→ function stringify src/lib.js:5",
      "  src/caller.js: read 13",
      "rg -w adds 1 other member",
      "complete; 0 unresolved",
    ]);
  });

  it("links a call of the required module itself to module.exports = fn", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "render")).toEqual([
      "TRAVERSE_HIT Caller render (2 sites in 1 file)",
      "→ function render src/render.js:1",
      "  src/caller.js: show 8; reformat 19",
      "rg -w adds 2 declarations, 1 comment or string, 1 other use: src/render.js:5",
      "complete; 0 unresolved",
    ]);
  });

  it("keeps what a package's require() binds outside the repository, and declares nothing for it", async () => {
    const dir = await indexedFixture(FIXTURE);
    // `const { hash } = require("some-package")` is an import, as `import { hash } from "some-package"` is.
    expect((await ctx(dir, "traverse", "Caller", "hash")).stdout).toContain('TRAVERSE_MISS Caller hash: no-such-symbol');
    const calls = readFileSync(join(dir, ".ai/call_index.md"), "utf8");
    expect(calls).not.toMatch(/\bhash\b/);
    expect(calls).not.toContain("digest");
    // `module.exports = render` is the module itself, not a name an agent asks for.
    expect(calls).not.toContain("export=");
  });
});
