import { describe, expect, it } from "vitest";
import { confident } from "../../src/core/brief/build-brief.js";
import { fitBudget } from "../../src/core/brief/fit-budget.js";
import { parseTask } from "../../src/core/brief/parse-task.js";
import { personalizedPageRank, undirectedGraph } from "../../src/core/brief/personalized-page-rank.js";
import { recentChanges } from "../../src/core/brief/recent-changes.js";
import { splitIdentifier, termsOf } from "../../src/core/brief/sub-words.js";
import { parseGitStatus } from "../../src/formats/git-status.js";
import { parseRoutingLayout, renderRoutingLayout, RoutingTable, weightIn } from "../../src/formats/routing-table.js";

describe("sub-words", () => {
  it("splits identifiers of every case style, stems words and expands code abbreviations, so the forms of one word meet", () => {
    expect(splitIdentifier("HTTPServerError")).toEqual(["http", "server", "error"]);
    expect(splitIdentifier("get_user_by_id")).toEqual(["get", "user", "by", "id"]);
    expect(splitIdentifier("order2Lines")).toEqual(["order", "2", "lines"]);
    expect(termsOf("Orders are listed in the UsersService")).toEqual(["order", "list", "user", "servic"]);
    expect(termsOf("strings undefined queries")).toEqual(["string", "undefin", "queri"]);
    // A task's "permanently deleted" meets a declaration named `PermanentDeleter` and a comment on deletion.
    expect(new Set(termsOf("deleted deleter deletion PermanentDeleter"))).toEqual(new Set(["delet", "perman"]));
    expect(termsOf("permanently")).toEqual(termsOf("permanent"));
    expect(termsOf("saveBtn cfgLoader authzCheck")).toEqual(termsOf("save button, configuration loader, authorization check"));
    expect(termsOf("author")).not.toEqual(termsOf("authorize"));
  });
});

describe("parseTask", () => {
  it("finds identifiers, paths, routes and an error line", () => {
    const query = parseTask("Error: boom in `findOne` at src/users/users.service.ts:12:3 via POST /users and UsersService.register()");
    expect(query.identifiers).toEqual(["findOne", "UsersService.register"]);
    expect(query.paths).toEqual(["src/users/users.service.ts"]);
    expect(query.routes).toEqual([{ method: "POST", route: "/users" }]);
    expect(query.error).toMatch(/^Error: boom/);
  });

  it("reads a route from a full URL, a log line and an RPC-style name", () => {
    expect(parseTask("GET https://app.example.com/api/v1/users/42?expand=1 returns 500").routes).toEqual([{ method: "GET", route: "/api/v1/users/42" }]);
    expect(parseTask("the client gets a 404 from https://app.example.com/api/articles/how-to#top").routes).toEqual([{ method: null, route: "/api/articles/how-to" }]);
    expect(parseTask("POST users.list times out").routes).toEqual([{ method: "POST", route: "users.list" }]);
  });
});

describe("personalizedPageRank", () => {
  it("gives the nodes next to the seed more than the far ones, and nothing to unconnected nodes", () => {
    // 0 - 1 - 2 - 3, and 4 alone
    const edges: [number, number][] = [[0, 1], [1, 2], [2, 3]];
    const rank = personalizedPageRank(undirectedGraph(5, (visit) => edges.forEach(([a, b]) => visit(a, b))), new Map([[0, 1]]));
    expect(rank[1]!).toBeGreaterThan(rank[2]!);
    expect(rank[2]!).toBeGreaterThan(rank[3]!);
    expect(rank[4]).toBe(0);
    // In units of 2^23, rounding down losing less than one per node and step.
    const total = [...rank].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(2 ** 23);
    expect(total).toBeGreaterThan(2 ** 23 - 5 * 12);
  });
});

describe("recentChanges", () => {
  it("counts commits per path and ignores mass changes", () => {
    const mass = Array.from({ length: 60 }, (_, i) => `gen/${i}.ts`);
    expect(recentChanges([["a.ts", "b.ts"], ["a.ts"], mass])).toEqual(new Map([["a.ts", 2], ["b.ts", 1]]));
  });
});

describe("parseGitStatus", () => {
  it("reads branch, head and each kind of change from porcelain v2", () => {
    const out = [
      "# branch.oid 0123456789abcdef0123456789abcdef01234567",
      "# branch.head main",
      "1 M. N... 100644 100644 100644 aaa bbb src/staged.ts",
      "1 .M N... 100644 100644 100644 aaa bbb src/with space.ts",
      "2 R. N... 100644 100644 100644 aaa bbb R100 src/new.ts",
      "src/old.ts",
      "? notes.md",
      "",
    ].join("\0");
    expect(parseGitStatus(out)).toEqual({
      head: "0123456789abcdef0123456789abcdef01234567",
      branch: "main",
      staged: ["src/new.ts", "src/staged.ts"],
      unstaged: ["src/with space.ts"],
      untracked: ["notes.md"],
    });
  });
});

describe("RoutingTable", () => {
  const line = (path: string, module: string, test: string, terms: string, calls: string, targets: string): string =>
    `${path}\t${module}\t${test}\t9\t${terms}\t${calls}\t0\t0\t${targets}\n`;
  const table = new RoutingTable(
    Buffer.from(
      [
        line("src/order/order.ts", "order", "-", "order:4 orders service user:2", "user save", "1,2"),
        "a line cut short\tby a crash\n",
        line("src/user/service.ts", "user", "t", "service:3", "order", ""),
        line("src/x/orders.ts", "orders", "-", "x", "", "0"),
      ].join(""),
    ),
  );

  it("skips lines without the nine fields and reads each field of the rest", () => {
    expect(table.size).toBe(3);
    expect(table.paths()).toEqual(["src/order/order.ts", "src/user/service.ts", "src/x/orders.ts"]);
    expect(table.entry(1)).toMatchObject({ module: "user", isTest: true, length: 9, terms: "service:3", calls: "order", targets: [] });
    expect(table.targets(0)).toEqual([1, 2]);
    expect(table.lineOf("src/x/orders.ts")).toBe(2);
    expect(table.lineOf("src/x/order.ts")).toBeUndefined();
  });

  it("weighs whole terms in the terms and calls fields only, added up per line", () => {
    const weights = (term: string): number[][] => {
      const { lines, weights } = table.termWeights(term);
      return [...lines].map((line, k) => [line, weights[k]!]);
    };
    expect(weights("order")).toEqual([[0, 4], [1, 1]]);
    expect(weights("user")).toEqual([[0, 3]]);
    expect(weights("service")).toEqual([[0, 1], [1, 3]]);
    expect(weights("ser")).toEqual([]);
    expect(weights("rder")).toEqual([]);
    expect(weightIn(table.termWeights("service"), 1)).toBe(3);
    expect(weightIn(table.termWeights("service"), 2)).toBe(0);
    // Calls 0 → 1, 0 → 2 and 2 → 0, made undirected.
    const { offsets, targets } = table.layout.graph;
    expect([...offsets]).toEqual([0, 3, 4, 6]);
    expect([...targets].slice(0, 3).sort()).toEqual([1, 2, 2]);
  });

  it("finds paths by a fragment of their lower-cased text, by their end, and lines by module", () => {
    expect(table.pathsContaining("orders")).toEqual([2]);
    expect(table.pathsContaining("user")).toEqual([1]);
    expect(table.pathsEndingWith("order.ts")).toEqual([0]);
    expect(table.pathsEndingWith("der.ts")).toEqual([]);
    expect(table.linesOfModule("order")).toEqual([0]);
  });

  it("answers the same from its stored layout (routing.idx) as from a scan, and refuses a layout of another table", () => {
    const bytes = Buffer.from([line("src/a.ts", "a", "-", "alpha:2 beta", "gamma", "1"), line("src/b.ts", "b", "t", "beta:3", "", "")].join(""));
    const scanned = new RoutingTable(bytes);
    const stored = parseRoutingLayout(renderRoutingLayout(scanned.layout, bytes.length), bytes.length);
    expect(stored).not.toBeNull();
    const laid = new RoutingTable(bytes, stored);
    for (const term of ["alpha", "beta", "gamma", "a"]) expect(laid.termWeights(term)).toEqual(scanned.termWeights(term));
    expect([0, 1].map((i) => laid.entry(i))).toEqual([0, 1].map((i) => scanned.entry(i)));
    expect([laid.isTest(1), laid.lineOf("src/b.ts"), [...laid.lengths()]]).toEqual([true, 1, [9, 9]]);
    expect(parseRoutingLayout(renderRoutingLayout(scanned.layout, bytes.length), bytes.length + 1)).toBeNull();
    expect(parseRoutingLayout(Buffer.from("not a layout"), bytes.length)).toBeNull();
  });
});

describe("fitBudget", () => {
  it("cuts the lowest-priority list to its floor first, then the next, and marks each cut", () => {
    const sections = [
      { head: ["HEAD"], items: [], priority: 99, keep: 0, more: () => "" },
      { head: ["files:"], items: ["f1", "f2", "f3", "f4"], priority: 5, keep: 2, more: (n: number) => `+${n} more files` },
      { head: ["mods:"], items: ["m1", "m2", "m3"], priority: 1, keep: 1, more: (n: number) => `+${n} more mods` },
    ];
    const lines = (budget: number): string[] => fitBudget(sections, budget, (t) => t.split("\n").length - 1).trimEnd().split("\n");
    expect(lines(100)).toEqual(["HEAD", "files:", "f1", "f2", "f3", "f4", "mods:", "m1", "m2", "m3"]);
    expect(lines(9)).toEqual(["HEAD", "files:", "f1", "f2", "f3", "f4", "mods:", "m1", "+2 more mods"]);
    // A marker costs a line too: cutting f4 alone would not fit.
    expect(lines(8)).toEqual(["HEAD", "files:", "f1", "f2", "+2 more files", "mods:", "m1", "+2 more mods"]);
  });
});

describe("confident", () => {
  const file = (score: number, reasons: string[] = ["uses user, delet"], isTest = false) => ({ score, reasons, isTest });
  it("names one file when the task names what it declares, when it leads clearly, or when several signals agree on it and it leads", () => {
    expect(confident([file(10, ["defines purgeUsers"]), file(9.9)])).toBe(true);
    expect(confident([file(10), file(8)])).toBe(true);
    // 25 is a score words, declarations and history reach together; a 8% lead is enough then.
    expect(confident([file(25), file(23)])).toBe(true);
    expect(confident([file(15), file(14)])).toBe(false);
    expect(confident([file(25), file(24.5)])).toBe(false);
    // Tests are passed over: the lead counted is between source files.
    expect(confident([file(30, ["uses user"], true), file(15), file(14)])).toBe(false);
  });
});
