import { describe, expect, it } from "vitest";
import { ctx, hitLines, indexedFixture } from "../helpers/fixture.js";

// `defaultOrderProcess: OrderProcess = { onTransitionEnd() { notify(…) } }` is configuration handed to
// OrderStateMachine, which calls `process.onTransitionEnd()` for each process: a dispatch a reader follows.
const indexed = (): Promise<string> => indexedFixture("calls/typed-object-literal");

describe("an object literal declared with an interface type implements its members", () => {
  it("lists a call through the interface as a call of the literal's method, labelled, as the compiler's call hierarchy does", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Caller", "defaultOrderProcess.onTransitionEnd")).toEqual([
      "TRAVERSE_HIT Caller defaultOrderProcess.onTransitionEnd (1 site in 1 file)",
      "→ method OrderProcess.onTransitionEnd src/process.ts:3 · via interface OrderProcess",
      "  src/state-machine.ts: OrderStateMachine.transition 7",
      // The other process's method of that name (src/configure.ts) is a declaration a grep prints too.
      "complete; rg -w adds 2 declarations",
    ]);
  });

  it("makes the literal's method the caller of what it calls, so Impact walks through the interface and says so", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Callee", "defaultOrderProcess.onTransitionEnd")).toContain("  6 notify · function @ src/notify.ts:1");
    // Both processes, the file-level object's and the one configureAuditProcess makes, are reached through the interface.
    expect(await hitLines(dir, "traverse", "Impact", "notify")).toEqual([
      "TRAVERSE_HIT Impact notify (1 entry point; 3 declarations reach it)",
      "→ function notify src/notify.ts:1",
      "via configureAuditProcess.auditProcess.onTransitionEnd src/configure.ts:7 (1):",
      "  src/state-machine.ts: OrderStateMachine.transition 6",
      "shortest chain:",
      "  OrderStateMachine.transition → configureAuditProcess.auditProcess.onTransitionEnd (as OrderProcess.onTransitionEnd) → notify",
      "complete",
    ]);
    const answer = JSON.parse((await ctx(dir, "traverse", "Impact", "notify", "--json")).stdout) as { entries: { dispatch?: unknown }[] };
    // Kept apart from proven calls: the step the compiler spells as a call of the interface member.
    expect(answer.entries[0]!.dispatch).toEqual([{ name: "configureAuditProcess.auditProcess.onTransitionEnd", kind: "member", through: "OrderProcess.onTransitionEnd" }]);
  });

  it("follows the interface call to the literal's method in Flow", async () => {
    const dir = await indexed();
    expect(await hitLines(dir, "traverse", "Flow", "OrderStateMachine.transition")).toEqual([
      "TRAVERSE_HIT Flow OrderStateMachine.transition (5 declarations, depth 3)",
      "OrderStateMachine.transition src/state-machine.ts:6",
      "  OrderProcess.onTransitionEnd src/process.ts:3",
      "    configureAuditProcess.auditProcess.onTransitionEnd src/configure.ts:7 (implementation)",
      "      notify src/notify.ts:1",
      "    defaultOrderProcess.onTransitionEnd src/default-process.ts:5 (implementation)",
      "complete",
    ]);
  });
});
