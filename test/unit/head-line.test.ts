import { describe, expect, it } from "vitest";
import { headLine } from "../../src/core/read/declaration-lines.js";

const head = (text: string): string => {
  const lines = text.split("\n");
  return headLine(lines, { line: 1, endLine: lines.length }, 80);
};

describe("a declaration's head line in outline and show", () => {
  it("skips decorators, annotations and attributes of every language, one written over several lines to its close", () => {
    expect(head("@Get(':id')\nfindOne(id: string) {\n}")).toBe("findOne(id: string) {");
    expect(head('@RequestMapping(\n    value = "/x",\n    method = RequestMethod.GET)\npublic String x() {\n}')).toBe("public String x() {");
    expect(head("#[derive(Debug, Clone)]\n#[serde(rename_all = \"camelCase\")]\npub struct Order {\n}")).toBe("pub struct Order {");
    expect(head("#[Route('/blog',\n    name: 'blog_')]\nfinal class BlogController\n{")).toBe("final class BlogController");
    expect(head('[ApiController]\n[Route("api/[controller]")]\n[HttpPost, Authorize]\npublic class OrdersController : ControllerBase\n{')).toBe("public class OrdersController : ControllerBase");
  });

  it("keeps a computed member's name, which starts with a bracket too", () => {
    expect(head("[Symbol.iterator]() {\n  return this;\n}")).toBe("[Symbol.iterator]() {");
    expect(head("[key]: string;")).toBe("[key]: string;");
  });
});
