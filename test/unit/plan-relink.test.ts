import { describe, expect, it } from "vitest";
import { callableNamesOf, interfaceKeyOf, isScript } from "../../src/core/calls/link-calls.js";
import { planRelink, type RelinkInput, type SummaryShape } from "../../src/core/calls/plan-relink.js";
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

/** How a file was last linked: it read the given names of a.ts (or of `of`), and its `export *` bindings reach `stars`. */
function link(namesOfA: string[] | undefined, probes: string[] = [], { of = "a.ts", stars = [] as string[] } = {}): { link: LinkRecord; reads: string } {
  return {
    link: { targets: [], callTerms: "", probes, stars, stats: NO_STATS, overrides: [], aliases: [], rows: 0, unresolvedRows: 0 },
    reads: encodeReads(namesOfA ? [{ path: of, names: namesOfA }] : []),
  };
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
    dropped: [],
    resolutionChanged: false,
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

  it("relinks every file that read anything of a file whose `export *` list changes: any name may now resolve elsewhere", () => {
    const star = { ...summary("load"), exports: [{ name: "load", local: "load" }, { name: "*", specifier: "./more" }] };
    expect(sorted(planRelink(repository(star)))).toEqual(["a.ts", "b.ts", "e.ts", "f.ts", "g.ts"]);
  });

  it("relinks a type's readers when an entry of the type table it refers to changes, not when entries are only renumbered", () => {
    const typed = (table: string[], type: string): CallSummary => ({ ...summary("load"), declarations: [{ name: "load", kind: "function", line: 1, returns: type }], types: table });
    const before = typed(["ret:Repo"], "#0");
    const withEntry = (aNow: CallSummary): RelinkInput => repository(aNow, { changed: new Map([["a.ts", shape(before)]]) });
    expect(sorted(planRelink(withEntry(typed(["obj:{}", "ret:Repo"], "#1"))))).toEqual(["a.ts"]);
    expect(sorted(planRelink(withEntry(typed(["ret:Store"], "#0"))))).toEqual(["a.ts", "b.ts", "g.ts"]);
  });

  it("relinks everything when a file is added or dropped, resolution changes, or a global script changes", () => {
    expect(planRelink(repository(summary("load"), { changed: new Map([["a.ts", undefined]]) }))).toBeUndefined();
    expect(planRelink(repository(summary("load"), { dropped: ["gone.ts"] }))).toBeUndefined();
    expect(planRelink(repository(summary("load"), { resolutionChanged: true }))).toBeUndefined();
    const script = { ...summary("load", "save"), exports: [] };
    expect(planRelink(repository(script))).toBeUndefined();
  });
});
