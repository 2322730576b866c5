import { describe, expect, it } from "vitest";
import { errorSignature } from "../../src/core/memory/error-signature.js";
import { entryId } from "../../src/core/memory/plan-completion.js";
import { parseJsonLines } from "../../src/formats/jsonl.js";
import { addBrainRow, parseBrainIndex } from "../../src/formats/memory-entries.js";

describe("error signatures", () => {
  it.each([
    [
      "a Node error thrown from other places",
      "TypeError: Cannot read properties of undefined (reading 'id')\n    at getUser (/home/a/app/src/users.ts:12:5)\n    at main (file:///home/a/app/index.js:3:1)",
      "\u001b[31mTypeError: Cannot read properties of undefined (reading 'id')\u001b[39m\n    at f (C:\\work\\svc\\lib\\x.js:88:19)",
    ],
    ["a refused connection to other addresses", "Error: connect ECONNREFUSED 127.0.0.1:5432", "Error: connect ECONNREFUSED 10.20.0.7:6543"],
    ["ids and hashes", "fatal: bad object a1b2c3d4e5f60718 for 3fa85f64-5717-4562-b3fc-2c963f66afa6", "fatal: bad object 0c9e8f7a6b5d4c3 for 0f9e8d7c-6b5a-4c3d-9e8f-7a6b5c4d3e2f"],
    ["a temporary path and a time", "Error: EEXIST: file already exists, mkdir '/tmp/vitest-a81f/cache' at 2026-12-04T10:01:02Z", "Error: EEXIST: file already exists, mkdir '/tmp/vitest-b9c2/cache' at 2026-12-05T23:59:59.120Z"],
    ["a location in another checkout", "/home/a/app/src/users.ts:12:5 - error TS2339: Property 'id' does not exist on type 'User'.", "C:\\work\\app\\src\\users.ts(40,3): error TS2339: Property 'id' does not exist on type 'User'."],
    ["a failing test framed by its file", "FAIL src/a.test.ts > users > rejects\nAssertionError: expected 200 to be 404", "FAIL test/b.spec.ts > orders\nAssertionError: expected 1 to be 2"],
  ])("gives %s one signature", (_, one, other) => {
    expect(errorSignature(one).hash).toBe(errorSignature(other).hash);
  });

  it("keeps what tells errors apart: the code, the words, the names it quotes and the file", () => {
    const assignment = errorSignature("src/a.ts(1,2): error TS2322: Type 'A' is not assignable to type 'B'.");
    expect(assignment.signature).toBe("a ts error ts2322 type a is not assignable to type b");
    expect(assignment.shape).toBe("<path> error ts2322 type <q> is not assignable to type <q>");
    expect([assignment.files, assignment.quoted]).toEqual([["a.ts"], ["a", "b"]]);
    const reading = (name: string) => errorSignature(`TypeError: Cannot read properties of undefined (reading '${name}')`);
    expect(reading("x").hash).not.toBe(reading("y").hash);
    expect(reading("x").shape).toBe(reading("y").shape);
    expect(errorSignature("src/a.ts:1:2 - error TS1005: ';' expected.").hash).not.toBe(errorSignature("src/b.ts:1:2 - error TS1005: ';' expected.").hash);
    expect(errorSignature("error TS2322: x").hash).not.toBe(errorSignature("error TS2345: x").hash);
    expect(errorSignature("ENOENT: no such file").hash).not.toBe(errorSignature("EACCES: permission denied").hash);
  });
});

describe("memory files", () => {
  it("reports malformed JSONL lines with their numbers and reads the rest", () => {
    const lines = parseJsonLines('{"a":1}\n\n[1]\n{"torn\n{"b":2}\n', "cache.jsonl");
    expect(lines.records.map((r) => [r.line, r.value])).toEqual([
      [1, { a: 1 }],
      [5, { b: 2 }],
    ]);
    expect(lines.malformed.map((m) => [m.line, m.text])).toEqual([
      [3, "[1]"],
      [4, '{"torn'],
    ]);
  });

  it("adds a brain-index row after the table's last row, keeping every other line as it was", () => {
    const text = "# Brain index\n\n| entry | type | keywords | summary |\n| --- | --- | --- | --- |\n| [a](brain/a.md) | bug-fix | x | one |\n| broken row\nnotes below\n";
    const added = addBrainRow(text, "| [b](brain/b.md) | pattern | y | two |");
    expect(added).toBe(text.replace("| [a](brain/a.md) | bug-fix | x | one |\n", "| [a](brain/a.md) | bug-fix | x | one |\n| [b](brain/b.md) | pattern | y | two |\n"));
    expect(parseBrainIndex(added, "brain-index.md").map((d) => [d.id, d.type, d.line])).toEqual([
      ["a", "bug-fix", 5],
      ["b", "pattern", 6],
    ]);
    expect(addBrainRow("# Brain\n", "| [c](brain/c.md) | x | y | z |")).toBe("# Brain\n\n| entry | type | keywords | summary |\n| --- | --- | --- | --- |\n| [c](brain/c.md) | x | y | z |\n");
  });

  it("names an entry by date and title, numbered when the name is taken", () => {
    expect(entryId("2026-12-03", "Fix: GET /users/:id → 500!", new Set())).toBe("2026-12-03-fix-get-users-id-500");
    expect(entryId("2026-12-03", "a", new Set(["2026-12-03-a", "2026-12-03-a-2"]))).toBe("2026-12-03-a-3");
  });
});
