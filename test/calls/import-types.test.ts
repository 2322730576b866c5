import { describe, expect, it } from "vitest";
import { hitLines, indexedFiles } from "../helpers/fixture.js";

describe("a receiver declared with an `import(\"…\")` type", () => {
  it("links its calls as if the type were imported (a field filled by an injector at run time)", async () => {
    const dir = await indexedFiles({
      "src/service/order.service.ts": "export class OrderService {\n  create(id: string): string {\n    return id;\n  }\n}\n",
      "src/service/index.ts": 'export * from "./order.service";\n',
      "src/config/active-order-strategy.ts": [
        "export class DefaultActiveOrderStrategy {",
        '  private orderService: import("../service/order.service").OrderService;',
        "",
        "  init(injector: { get<T>(token: unknown): T }): void {",
        '    this.orderService = injector.get("OrderService");',
        "  }",
        "",
        "  createActiveOrder(id: string): string {",
        "    return this.orderService.create(id);",
        "  }",
        "}",
        "",
        'export function transition(service: import("../service/index").OrderService): string {',
        '  return service.create("a");',
        "}",
        "",
      ].join("\n"),
    });
    expect(await hitLines(dir, "traverse", "Caller", "OrderService.create")).toEqual([
      "TRAVERSE_HIT Caller OrderService.create (2 sites in 1 file)",
      "→ method OrderService.create src/service/order.service.ts:2",
      "  src/config/active-order-strategy.ts: DefaultActiveOrderStrategy.createActiveOrder 9; transition 14",
      "complete",
    ]);
  });
});
