import { describe, expect, it } from "vitest";
import { callableNamesOf, interfaceKeyOf, isScript } from "../../src/core/calls/link-calls.js";
import { planRelink, type LastState, type RelinkInput, type SummaryShape } from "../../src/core/calls/plan-relink.js";
import type { LinkRecord } from "../../src/core/index/indexed-file.js";
import type { CallSummary } from "../../src/model.js";
import { encodeReads } from "../../src/core/calls/reads-codec.js";

const NO_STATS = { sites: 0, resolved: 0, unresolved: 0, external: 0 };

/** A module (it exports) declaring the given functions at lines 1, 2, … */
function summary(...functions: string[]): CallSummary {
  return {
    callers: [],
    declarations: functions.map((name, i) => ({ name, kind: "function", line: i + 1 })),
    imports: [],
    exports: functions.map((name) => ({ name, local: name })),
    sites: [],
    types: [],
  };
}

/** What the index keeps of a summary (the real digest is a hash of the same key). */
function shape(calls: CallSummary): SummaryShape {
  return { shape: interfaceKeyOf(calls), callables: callableNamesOf(calls), script: isScript(calls), summary: { get: () => calls } };
}

/** A module importing `names` from `specifier`. */
function importing(specifier: string, ...names: string[]): CallSummary {
  return { ...summary(), imports: names.map((name) => ({ local: name, imported: name, specifier })) };
}

/** A barrel: `export *` from each specifier. */
function barrel(...specifiers: string[]): CallSummary {
  return { ...summary(), exports: specifiers.map((specifier) => ({ name: "*", specifier })) };
}

interface Linked {
  /** The file whose names it read (default a.ts). */
  of?: string;
  /** The files its `export *` bindings reached. */
  stars?: string[];
  /** What its specifiers resolved to. */
  resolved?: [string, string | null][];
}

/** How a file was last linked: it read the given names of a.ts (or of `of`). */
function link(namesOfA: string[] | undefined, probes: string[] = [], { of = "a.ts", stars = [], resolved = [] }: Linked = {}): { link: LinkRecord; reads: string } {
  return {
    link: { targets: [], callTerms: "", probes, stars, stats: NO_STATS, overrides: [], aliases: [], rows: 0, unresolvedRows: 0 },
    reads: encodeReads({ touched: namesOfA ? [{ path: of, names: namesOfA }] : [], resolved }),
  };
}

/** A file as the last run left it. */
function last(calls: CallSummary, linked: Linked = {}): LastState {
  return { ...shape(calls), ...link(undefined, [], linked) };
}

/**
 * a.ts declares `load`; b.ts looked `load` up in a.ts; c.ts asked whether anything declares `save`;
 * d.ts read nothing; e.ts looked up `save` in a.ts (and found nothing); f.ts looked up `Repo.find`;
 * g.ts read something of a.ts that depends on all of it.
 */
function repository(aNow: CallSummary, changes: Partial<RelinkInput> = {}): RelinkInput {
  return {
    files: [
      { path: "a.ts", ...shape(aNow), link: null, reads: "" },
      { path: "b.ts", ...shape(summary("b")), ...link(["load"]) },
      { path: "c.ts", ...shape(summary("c")), ...link(undefined, ["save"]) },
      { path: "d.ts", ...shape(summary("d")), ...link(undefined) },
      { path: "e.ts", ...shape(summary("e")), ...link(["save"]) },
      { path: "f.ts", ...shape(summary("f")), ...link(["Repo.find"]) },
      { path: "g.ts", ...shape(summary("g")), ...link([""]) },
    ],
    changed: new Map([["a.ts", shape(summary("load"))]]),
    dropped: new Map(),
    resolutionChanged: false,
    resolve: () => null,
    ...changes,
  };
}

const sorted = (plan: ReadonlySet<string> | undefined): string[] | undefined => (plan ? [...plan].sort() : undefined);

describe("planRelink: which files' sites an edit can move", () => {
  it("relinks only the edited file when what others can read of it is unchanged", () => {
    const bodyOnly = { ...summary("load"), sites: ["0\t5\t3\t0\t0\t\tfetch"] };
    expect(sorted(planRelink(repository(bodyOnly)))).toEqual(["a.ts"]);
  });

  it("relinks the files that read a name whose declaration changed, and those that asked about a callable name it adds", () => {
    // `load` moves to line 2: its readers' rows name the new line.
    expect(sorted(planRelink(repository(summary("init", "load"))))).toEqual(["a.ts", "b.ts", "g.ts"]);
    // `save` is added: who looked it up, or asked about it, or read all of a.ts — not b.ts, which read only `load`.
    expect(sorted(planRelink(repository(summary("load", "save"))))).toEqual(["a.ts", "c.ts", "e.ts", "g.ts"]);
  });

  it("relinks a file that looked a name up through barrels re-exporting the changed file with `export *`, and not one that looked up another", () => {
    const input = repository(summary("load", "save"));
    const files = [
      ...input.files,
      { path: "index.ts", ...shape(summary()), ...link(undefined, [], { stars: ["lib.ts"] }) },
      { path: "lib.ts", ...shape(summary()), ...link(undefined, [], { stars: ["a.ts"] }) },
      { path: "r.ts", ...shape(summary("r")), ...link(["save"], [], { of: "index.ts" }) },
      { path: "s.ts", ...shape(summary("s")), ...link(["other"], [], { of: "index.ts" }) },
    ];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["a.ts", "c.ts", "e.ts", "g.ts", "r.ts"]);
  });

  it("relinks a file whose record of what it read is damaged, when it may name the changed file", () => {
    const input = repository(summary("init", "load"));
    const damaged = { path: "h.ts", ...shape(summary("h")), ...link(["other"]) };
    damaged.reads = damaged.reads.slice(0, -3);
    expect(sorted(planRelink({ ...input, files: [...input.files, damaged] }))).toContain("h.ts");
  });

  it("relinks, when an `export *` is added, who looked up a name the module it reaches exports; when stars are reordered, every reader", () => {
    const withStar = { ...summary("load"), exports: [{ name: "load", local: "load" }, { name: "*", specifier: "./more" }] };
    const input = repository(withStar, { resolve: (_, specifier) => (specifier === "./more" ? "more.ts" : null) });
    const files = [...input.files, { path: "more.ts", ...shape(summary("save")), ...link(undefined) }];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["a.ts", "e.ts", "g.ts"]);
    const twoStars = (first: string, second: string): CallSummary => ({ ...summary(), exports: [{ name: "*", specifier: first }, { name: "*", specifier: second }] });
    const reordered = repository(twoStars("./y", "./x"), { changed: new Map([["a.ts", shape(twoStars("./x", "./y"))]]) });
    expect(sorted(planRelink(reordered))).toEqual(["a.ts", "b.ts", "e.ts", "f.ts", "g.ts"]);
  });

  it("relinks a type's readers when an entry of the type table it refers to changes, not when entries are only renumbered", () => {
    const typed = (table: string[], type: string): CallSummary => ({ ...summary("load"), declarations: [{ name: "load", kind: "function", line: 1, returns: type }], types: table });
    const before = typed(["ret:Repo"], "#0");
    const withEntry = (aNow: CallSummary): RelinkInput => repository(aNow, { changed: new Map([["a.ts", shape(before)]]) });
    expect(sorted(planRelink(withEntry(typed(["obj:{}", "ret:Repo"], "#1"))))).toEqual(["a.ts"]);
    expect(sorted(planRelink(withEntry(typed(["ret:Store"], "#0"))))).toEqual(["a.ts", "b.ts", "g.ts"]);
  });

  it("relinks everything when resolution changes, or a global script changes, comes or goes", () => {
    expect(planRelink(repository(summary("load"), { resolutionChanged: true }))).toBeUndefined();
    const script = { ...summary("load", "save"), exports: [] };
    expect(planRelink(repository(script))).toBeUndefined();
    expect(planRelink(repository(script, { changed: new Map([["a.ts", undefined]]) }))).toBeUndefined();
    expect(planRelink(repository(summary("load"), { dropped: new Map([["gone.js", last(script)]]) }))).toBeUndefined();
  });

  it("relinks, when a Go file is added or dropped, the other files of its package: they see its names without an import", () => {
    const go = (path: string, ...names: string[]) => ({ path, ...shape({ ...summary(...names), exports: [], imports: [{ local: "fmt", imported: "*", specifier: "fmt" }] }), ...link(undefined) });
    const input = repository(summary("load"), { changed: new Map([["a.ts", shape(summary("load"))], ["pkg/new.go", undefined]]) });
    const files = [...input.files, go("pkg/new.go", "Helper"), go("pkg/old.go", "Run"), go("other/main.go", "main")];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["a.ts", "pkg/new.go", "pkg/old.go"]);
  });

  it("relinks only the file itself when a script that declares nothing (a file of comments) comes, changes or goes", () => {
    const comments: CallSummary = { ...summary(), types: ["obj:{}"] };
    const input = repository(summary("load"), { changed: new Map([["a.ts", shape(summary("load"))], ["docs.ts", undefined], ["notes.ts", shape(summary())]]), dropped: new Map([["old-docs.ts", last(summary())]]) });
    const files = [...input.files, { path: "docs.ts", ...shape(summary()), link: null, reads: "" }, { path: "notes.ts", ...shape(comments), link: null, reads: "" }];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["a.ts", "docs.ts", "notes.ts"]);
  });

  it("relinks, when a file is added, the files whose specifiers now reach it and the readers of what those bind", () => {
    const input = repository(summary("load"), { changed: new Map([["a.ts", undefined]]), resolve: (from, specifier) => (from === "x.ts" && specifier === "./a" ? "a.ts" : null) });
    const files = [
      ...input.files,
      { path: "x.ts", ...shape(importing("./a", "load")), ...link(undefined, [], { resolved: [["./a", null]] }) },
      { path: "y.ts", ...shape(summary("y")), ...link(["load"], [], { of: "x.ts" }) },
      { path: "z.ts", ...shape(summary("z")), ...link(["other"], [], { of: "x.ts" }) },
    ];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["a.ts", "x.ts", "y.ts"]);
  });

  it("relinks, when a file is dropped, the readers of its names and the files whose specifiers reached it", () => {
    const input = repository(summary("load"), { changed: new Map(), dropped: new Map([["gone.ts", last(summary("load"))]]) });
    const files = [
      ...input.files.filter((file) => file.path !== "a.ts"),
      { path: "r.ts", ...shape(summary("r")), ...link(["load"], [], { of: "gone.ts" }) },
      { path: "s.ts", ...shape(summary("s")), ...link(["save"], [], { of: "gone.ts" }) },
      { path: "x.ts", ...shape(importing("./gone", "load")), ...link(undefined, [], { resolved: [["./gone", "gone.ts"]] }) },
    ];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["r.ts", "x.ts"]);
  });

  it("relinks, when a barrel's `export *` moves to a renamed module, who looked up the names it brings, and no one else", () => {
    const renamed = new Map([["copy.ts", last(summary("deepCopy"))]]);
    const changed = new Map([["index.ts", last(barrel("./copy", "./other"), { stars: ["copy.ts", "other.ts"], resolved: [["./copy", "copy.ts"], ["./other", "other.ts"]] })]]);
    const input = repository(summary("load"), { changed: new Map([...changed, ["copy-2.ts", undefined]]), dropped: renamed, resolve: (_, specifier) => (specifier === "./copy-2" ? "copy-2.ts" : specifier === "./other" ? "other.ts" : null) });
    const files = [
      ...input.files.filter((file) => file.path !== "a.ts"),
      { path: "copy-2.ts", ...shape(summary("deepCopy")), link: null, reads: "" },
      { path: "index.ts", ...shape(barrel("./copy-2", "./other")), link: null, reads: "" },
      { path: "other.ts", ...shape(summary("merge")), ...link(undefined) },
      { path: "r.ts", ...shape(summary("r")), ...link(["deepCopy"], [], { of: "index.ts" }) },
      { path: "s.ts", ...shape(summary("s")), ...link(["merge"], [], { of: "index.ts" }) },
    ];
    expect(sorted(planRelink({ ...input, files }))).toEqual(["copy-2.ts", "index.ts", "r.ts"]);
  });

  it("resolves again, when a file is added, only the specifiers whose lookups could meet it, and finds the same files to relink", () => {
    const asked: string[] = [];
    const resolve = (from: string, specifier: string): string | null => {
      asked.push(`${from} ${specifier}`);
      return from === "x.ts" && specifier === "./lib/a" ? "lib/a.ts" : null;
    };
    const input = repository(summary("load"), { changed: new Map([["lib/a.ts", undefined]]), resolve });
    const files = [
      ...input.files.filter((file) => file.path !== "a.ts"),
      { path: "lib/a.ts", ...shape(summary("load")), link: null, reads: "" },
      { path: "x.ts", ...shape(importing("./lib/a", "load")), ...link(undefined, [], { resolved: [["./lib/a", null], ["./lib/b", "lib/b.ts"], ["react", null]] }) },
      { path: "w.ts", ...shape(importing("./lib/ab", "load")), ...link(undefined, [], { resolved: [["./lib/ab", null]] }) },
    ];
    const prefixOf = (from: string, specifier: string): string | null | undefined => (specifier.startsWith("./") ? specifier.slice(2) : undefined);
    const everything = sorted(planRelink({ ...input, files }));
    asked.length = 0;
    expect(sorted(planRelink({ ...input, files, lookupPrefix: prefixOf }))).toEqual(everything);
    expect(everything).toEqual(["lib/a.ts", "x.ts"]);
    // `./lib/ab` may look at lib/ab.ts only, `./lib/b` at lib/b…: neither meets lib/a.ts; a bare one is always asked.
    expect(asked.sort()).toEqual(["x.ts ./lib/a", "x.ts react"]);
  });
});
