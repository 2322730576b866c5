import { describe, expect, it } from "vitest";
import { hitLines, indexedFiles } from "../helpers/fixture.js";

describe("an object type alias used as an interface", () => {
  it("is what a call through it lands on and what a class implements, so a call reaches the implementation", async () => {
    const dir = await indexedFiles({
      "src/kernel.ts": [
        "export type Interceptor<E = string> = {",
        "  id: string;",
        "  execute: (request: string) => E;",
        "  cancel(): void;",
        "};",
        "",
        "export class InterceptorService {",
        "  private readonly all = new Map<string, Interceptor>();",
        "  private active(): Interceptor {",
        '    return this.all.get("x")!;',
        "  }",
        "  run(request: string): string {",
        "    const interceptor = this.active();",
        "    return interceptor.execute(request);",
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/browser.ts": [
        'import type { Interceptor } from "./kernel";',
        "",
        "export class BrowserInterceptor implements Interceptor {",
        '  id = "browser";',
        "  execute(request: string): string {",
        "    return request;",
        "  }",
        "  cancel(): void {}",
        "}",
        "",
      ].join("\n"),
    });
    expect(await hitLines(dir, "traverse", "Caller", "BrowserInterceptor.execute")).toEqual([
      "TRAVERSE_HIT Caller BrowserInterceptor.execute (1 site in 1 file)",
      "→ method Interceptor.execute src/kernel.ts:3 · via type Interceptor",
      "  (same file): InterceptorService.run 14",
      "complete; rg -w adds 1 declaration",
    ]);
  });
});
