import { describe, expect, it } from "vitest";
import { callableNamesOf, interfaceKeyOf, isScript } from "../../src/core/calls/link-calls.js";
import { planRelink, type RelinkInput, type SummaryShape } from "../../src/core/calls/plan-relink.js";
import type { LinkRecord } from "../../src/core/index/indexed-file.js";
import type { CallSummary } from "../../src/model.js";

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
  return { shape: interfaceKeyOf(calls), callables: callableNamesOf(calls), script: isScript(calls) };
}

function link(touched: string[], probes: string[] = []): LinkRecord {
  return { touched, targets: [], callTerms: "", probes, stats: NO_STATS, overrides: [], aliases: [], rows: 0, unresolvedRows: 0 };
}

/** a.ts declares `load`; b.ts read a.ts; c.ts asked whether anything declares `save`; d.ts read nothing. */
function repository(aNow: CallSummary, changes: Partial<RelinkInput> = {}): RelinkInput {
  return {
    files: [
      { path: "a.ts", ...shape(aNow), link: null },
      { path: "b.ts", ...shape(summary("b")), link: link(["a.ts"]) },
      { path: "c.ts", ...shape(summary("c")), link: link([], ["save"]) },
      { path: "d.ts", ...shape(summary("d")), link: link([]) },
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

  it("relinks the files that read an edited declaration, and those that asked about a callable name it adds", () => {
    expect(sorted(planRelink(repository(summary("", "load"))))).toEqual(["a.ts", "b.ts"]);
    expect(sorted(planRelink(repository(summary("load", "save"))))).toEqual(["a.ts", "b.ts", "c.ts"]);
  });

  it("relinks everything when a file is added or dropped, resolution changes, or a global script changes", () => {
    expect(planRelink(repository(summary("load"), { changed: new Map([["a.ts", undefined]]) }))).toBeUndefined();
    expect(planRelink(repository(summary("load"), { dropped: ["gone.ts"] }))).toBeUndefined();
    expect(planRelink(repository(summary("load"), { resolutionChanged: true }))).toBeUndefined();
    const script = { ...summary("load", "save"), exports: [] };
    expect(planRelink(repository(script))).toBeUndefined();
  });
});
