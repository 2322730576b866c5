import type { CallSummary } from "../model.js";

/** The caller of top-level code. */
export const MODULE_CALLER = "(module)";

/**
 * The callers of a file's call sites (CallSummary.callers), each listed once, on first use: a
 * declaration with its kind and line from `known`, top-level code as `(module)`, and any other
 * enclosing name (a namespace the symbol index does not list) as a namespace.
 */
export function callerTable(known: ReadonlyMap<string, { kind: string; line: number }>): {
  callers: CallSummary["callers"];
  callerOf: (name: string, declaredHere?: { kind: string; line: number }) => number;
} {
  const callers: CallSummary["callers"] = [];
  const index = new Map<string, number>();
  // `declaredHere`: a declaration the symbol index does not list (a method of a typed object literal).
  const callerOf = (name: string, declaredHere?: { kind: string; line: number }): number => {
    let at = index.get(name);
    if (at === undefined) {
      const declared = known.get(name) ?? declaredHere;
      at = callers.length;
      callers.push({ name, kind: declared?.kind ?? (name === MODULE_CALLER ? "module" : "namespace"), line: declared?.line ?? 1 });
      index.set(name, at);
    }
    return at;
  };
  return { callers, callerOf };
}
