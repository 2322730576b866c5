import { createHash } from "node:crypto";
import { callableNamesOf, interfaceKeyOf, isScript } from "../core/calls/link-calls.js";
import type { CallSummary, EncodedCallSummary } from "../model.js";

/** A file's call summary as it crosses threads and goes to the cache (model.ts EncodedCallSummary). */
export function encodeCalls(calls: CallSummary): EncodedCallSummary {
  const shape = createHash("sha256").update(interfaceKeyOf(calls)).digest("hex").slice(0, 32);
  return { json: JSON.stringify(calls), callables: callableNamesOf(calls), script: isScript(calls), shape };
}

/** A summary with nothing in it: for a language whose calls are not extracted. */
export function emptyCalls(): CallSummary {
  return { callers: [], declarations: [], imports: [], exports: [], sites: [], types: [] };
}
