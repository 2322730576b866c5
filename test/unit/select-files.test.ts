import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../src/core/index/index-config.js";
import { selectSources } from "../../src/core/index/select-files.js";

describe("sources the default excludes leave out", () => {
  it("are counted under the outermost excluded folder, nested ones by their own path, ctx's .ai/ never offered back", () => {
    const listed = ["packages/web/build/a.ts", "packages/web/build/deep/dist/b.ts", "build/c.js", "build/notes.md", ".ai/x.ts", "src/d.ts"];
    expect(selectSources(listed, DEFAULT_CONFIG)).toEqual({
      selected: ["src/d.ts"],
      leftOutByDefault: [
        { pattern: "build/", files: 1, setting: 'exclude: ["!build/"]' },
        { pattern: "packages/web/build/", files: 2, setting: 'exclude: ["!packages/web/build/"]' },
      ],
    });
  });

  it("are not reported when the configuration's include or exclude would leave them out anyway", () => {
    const listed = ["build/a.ts", "gen/build/b.ts", "lib/build/c.ts"];
    const config = { ...DEFAULT_CONFIG, include: ["lib/", "gen/"], exclude: ["gen/"] };
    expect(selectSources(listed, config).leftOutByDefault).toEqual([{ pattern: "lib/build/", files: 1, setting: 'exclude: ["!lib/build/"]' }]);
  });

  it("keep a folder named like build output inside a source tree: no build tool writes into src/", () => {
    const listed = ["packages/server/src/core/build/build.service.ts", "packages/server/src/core/build/dist/x.js", "packages/server/build/main.js", "src/jobs/out/report.ts", "src/node_modules/y.ts"];
    expect(selectSources(listed, DEFAULT_CONFIG).selected).toEqual(["packages/server/src/core/build/build.service.ts", "src/jobs/out/report.ts"]);
    // The user's own exclude still wins.
    expect(selectSources(listed, { ...DEFAULT_CONFIG, exclude: ["src/jobs/"] }).selected).toEqual(["packages/server/src/core/build/build.service.ts"]);
  });
});

describe("selecting again from another listing", () => {
  it("selects what a selection from scratch does, given the last selection made with the same settings", () => {
    const first = ["src/a.ts", "src/a.d.ts", "lib/b.js", "lib/b.d.ts", "lib/x.ts", "types/c.d.ts", "build/d.ts", "src/e.ts", "README.md"];
    // src/a.ts goes (its declaration file is then hand-written), lib/b.d.ts.map comes (b.d.ts is then built), build/ and docs come.
    const second = ["src/a.d.ts", "lib/b.js", "lib/b.d.ts", "lib/b.d.ts.map", "lib/x.ts", "types/c.d.ts", "build/d.ts", "build/f.ts", "src/e.ts", "src/g.tsx", "docs/h.md"];
    for (const config of [DEFAULT_CONFIG, { ...DEFAULT_CONFIG, exclude: ["src/e.ts"] }, { ...DEFAULT_CONFIG, include: ["src/", "lib/"] }]) {
      const before = new Set(selectSources(first, config).selected);
      expect(selectSources(second, config, before)).toEqual(selectSources(second, config));
    }
  });
});
