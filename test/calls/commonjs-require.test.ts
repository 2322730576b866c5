import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFiles, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "calls/commonjs-require";


/** The header and site lines of a Caller answer. */
async function callers(dir: string, query: string): Promise<string[]> {
  return (await hitLines(dir, "traverse", "Caller", query)).filter((line) => line.startsWith("→") || line.startsWith("  "));
}

describe("CommonJS: what require() binds links to what the required file exports", () => {
  it("links a destructured require to a name in module.exports = { … }, at file level and in a body", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "format")).toEqual([
      "TRAVERSE_HIT Caller format (2 sites in 1 file)",
      "→ function format src/format.cjs:1",
      // `again(z)`, where `const { format: again } = require("./format.cjs")` in the body.
      "  src/caller.js: show 8; reformat 19",
      // `pkg.format(…)` is a member of a package's module: outside, not a candidate; `{ format: again }` reads a member.
      "complete; rg -w adds 1 declaration, 2 other members, 1 other use: src/format.cjs:5",
    ]);
  });

  it("links members of a required module to exports.name = … and module.exports.name = …", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "parse")).toEqual([
      "TRAVERSE_HIT Caller parse (1 site in 1 file)",
      "→ function parse src/lib.js:1",
      "  src/caller.js: read 13",
      "complete; rg -w adds 1 other member",
    ]);
    expect(await hitLines(dir, "traverse", "Caller", "stringify")).toEqual([
      "TRAVERSE_HIT Caller stringify (1 site in 1 file)",
      "→ function stringify src/lib.js:5",
      "  src/caller.js: read 13",
      "complete; rg -w adds 1 other member",
    ]);
  });

  it("links a call of the required module itself to module.exports = fn", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "render")).toEqual([
      "TRAVERSE_HIT Caller render (2 sites in 1 file)",
      "→ function render src/render.js:1",
      "  src/caller.js: show 8; reformat 19",
      "complete; rg -w adds 1 declaration, 1 comment or string, 1 other use: src/render.js:5",
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

  it("declares what module.exports = function f / class C / { method() {} } holds, and links require() and an ES default import to it", async () => {
    const dir = await indexedFiles({
      "render.js": "module.exports = function render(x) {\n  return x;\n};\n",
      "helpers.js": "module.exports = {\n  parse(text) {\n    return text;\n  },\n  format: function (v) {\n    return v;\n  },\n  run: (v) => v,\n};\n",
      "store.js": "class Store {\n  save() {}\n}\nmodule.exports = Store;\n",
      "use.js":
        'const render = require("./render");\nconst helpers = require("./helpers");\nconst { parse } = require("./helpers");\nconst Store = require("./store");\n\nfunction main() {\n  render(1);\n  helpers.format(1);\n  helpers.run(2);\n  parse("y");\n  new Store().save();\n}\nmodule.exports = { main };\n',
      "esm.mjs": 'import render from "./render.js";\nimport helpers from "./helpers.js";\n\nexport function viaEsm() {\n  render(2);\n  helpers.parse("z");\n}\n',
    });
    expect(await callers(dir, "render")).toEqual(["→ function render render.js:1", "  esm.mjs: viaEsm 5", "  use.js: main 7"]);
    expect(await callers(dir, "parse")).toEqual(["→ function parse helpers.js:2", "  esm.mjs: viaEsm 6", "  use.js: main 10"]);
    expect(await callers(dir, "format")).toEqual(["→ function format helpers.js:5", "  use.js: main 8"]);
    expect(await callers(dir, "run")).toEqual(["→ function run helpers.js:8", "  use.js: main 9"]);
    // `new Store()` of what require() bound: an instance of the class module.exports holds.
    expect(await callers(dir, "Store.save")).toEqual(["→ method Store.save store.js:2", "  use.js: main 11"]);
  });

  it("links a module's calls of its own exports (this. in an exported object's method, exports., module.exports.) and an inline require()", async () => {
    const dir = await indexedFiles({
      "object.js": "module.exports = {\n  outer() {\n    this.inner();\n    module.exports.inner();\n    exports.inner();\n  },\n  inner() {\n    return 1;\n  },\n};\n",
      "named.js": "exports.first = function () {\n  return exports.second();\n};\nexports.second = function () {\n  return 2;\n};\n",
      "use.js": 'function use() {\n  require("./object").inner();\n  require("./named").second();\n}\nmodule.exports = { use };\n',
    });
    expect(await callers(dir, "inner")).toEqual(["→ function inner object.js:7", "  (same file): outer 3, 4, 5", "  use.js: use 2"]);
    expect(await callers(dir, "second")).toEqual(["→ function second named.js:4", "  (same file): first 2", "  use.js: use 3"]);
  });
});
