import { describe, expect, it } from "vitest";
import { moduleLocator, moduleOfPath } from "../../src/core/index/module-of-path.js";

describe("moduleOfPath: the module a file belongs to", () => {
  const modules = [
    { name: "root", paths: [""] },
    { name: "core", paths: ["packages/core"] },
    { name: "utils", paths: ["packages/core/utils"] },
    { name: "first", paths: ["apps/web"] },
    { name: "second", paths: ["apps/web"] },
    { name: "docs", paths: ["docs", "guides/docs"] },
  ];

  it("takes the deepest module folder holding the file, the first listed of two with the same folder, and the root last", () => {
    const moduleOf = moduleLocator(modules);
    expect(moduleOf("packages/core/utils/src/is-defined.ts")).toBe("utils");
    expect(moduleOf("packages/core/src/index.ts")).toBe("core");
    expect(moduleOf("packages/core-extra/src/index.ts")).toBe("root");
    expect(moduleOf("apps/web/page.tsx")).toBe("first");
    expect(moduleOf("guides/docs/intro.md")).toBe("docs");
    expect(moduleOf("README.md")).toBe("root");
    expect(moduleOf("packages/core")).toBe("core");
  });

  it("finds none when no module holds the file and there is no root module", () => {
    expect(moduleOfPath("scripts/build.ts", modules.slice(1))).toBeNull();
  });
});
