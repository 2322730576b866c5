import { describe, expect, it } from "vitest";
import { findCitations } from "../../src/core/handoff/find-citations.js";
import { findPlaceholders, findTodos } from "../../src/core/handoff/find-placeholders.js";
import { parseHandoff, summarizeHandoff } from "../../src/formats/handoff.js";

const cite = (section: string, ...lines: string[]) => findCitations(parseHandoff([`## ${section}`, ...lines].join("\n")));

describe("handoff placeholders", () => {
  it.each([
    ["[What this task achieves, in one line]", ["[What this task achieves, in one line]"]],
    ["- `[npm test -- name]`", ["[npm test -- name]"]],
    ["see [the design note](docs/design.md)", []],
    ["see [the design note][design]", []],
    ["- [ ] run the tests", []],
    ["- [x] done", []],
    ["app/users/[id]/page.tsx", []],
    ["`rows[i + 1]` is read twice", []],
    ["[WIP] the brief", []],
    ["[the design note]: https://example.com/design", []],
  ])("in %j finds %j", (text, expected) => {
    expect(findPlaceholders(text)).toEqual(expected);
  });

  it("finds TODO, TBD and FIXME as words only", () => {
    expect(findTodos("TODO: pick one; TBD. FIXME later")).toEqual(["TODO", "TBD", "FIXME"]);
    expect(findTodos("src/todo.ts and TODOS and autobd")).toEqual([]);
  });
});

describe("handoff citations", () => {
  it("reads paths with lines and ranges from prose and code, and leaves words that only look like paths", () => {
    const { paths } = cite(
      "Invariants",
      "- src/a.ts:12 and `src/b.ts:3-9`, src/c.ts#L4-L6 (see https://example.com/x.ts) and/or Node.js e.g. `package.json`.",
      "- src/dir/ stays; v1.2 and `UsersService.findOne` are not files",
    );
    expect(paths.map(({ path, from, to }) => [path, from, to])).toEqual([
      ["src/b.ts", 3, 9],
      ["package.json", null, null],
      ["src/a.ts", 12, 12],
      ["src/c.ts", 4, 6],
      ["src/dir/", null, null],
    ]);
  });

  it("takes symbols from the code spans of the paths section, and path:Symbol anywhere", () => {
    const { symbols } = cite("Exact paths and symbols", "- src/a.ts:3 `UsersService.findOne`, `src/b.ts:getUser`, `npm test`");
    expect(symbols.map((s) => s.query)).toEqual(["UsersService.findOne", "src/b.ts:getUser"]);
    expect(cite("Ordered edit steps", "1. Rename `findOne` in src/b.ts:getUser").symbols.map((s) => s.query)).toEqual(["src/b.ts:getUser"]);
  });

  it("exempts a path marked (new) or (deleted) wherever it is cited, and only that path", () => {
    const handoff = parseHandoff(["## Changed files", "- src/a.ts, src/new.ts (new), src/old.ts (deleted)", "## Ordered edit steps", "1. Write src/new.ts"].join("\n"));
    const exempt = findCitations(handoff).paths.map((p) => [p.path, p.line, p.exempt]);
    expect(exempt).toEqual([
      ["src/a.ts", 2, false],
      ["src/new.ts", 2, true],
      ["src/old.ts", 2, true],
      ["src/new.ts", 4, true],
    ]);
  });

  it("skips fenced code, lines with a placeholder, and the verification commands", () => {
    const handoff = parseHandoff(
      ["## Invariants", "```", "src/in-fence.ts", "```", "- [src/path/to/file.ts:LINE `Symbol`]", "## Verification commands", "- `node dist/cli.js`"].join("\n"),
    );
    expect(findCitations(handoff)).toEqual({ paths: [], symbols: [] });
  });
});

describe("handoff sections", () => {
  it("recognises the template's sections by their words, in any heading level from ##", () => {
    const handoff = parseHandoff("# Handoff\n## Status\nbuilding\n### Next step\nrun it\n## Notes\nmine\n");
    expect(handoff.sections.map((s) => [s.id, s.title, s.line])).toEqual([
      ["objective", "Status", 2],
      ["next", "Next step", 4],
      [null, "Notes", 6],
    ]);
    expect(handoff.lineCount).toBe(7);
    expect(summarizeHandoff(parseHandoff("## Objective / status\n- [placeholder here]\n- ship it\n## Next action\n1. test\n"))).toEqual({ objective: "ship it", next: "test" });
  });
});
