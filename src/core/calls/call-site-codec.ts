import { CALL_VIAS, type CallSite, type CalleeRef } from "../../model.js";

/*
 * A call site as one tab-separated string: caller, line, column, via, head, owner, then the names.
 * A large repository has hundreds of thousands of sites; cached as objects with keys they cost
 * several times the bytes, and the time to parse them, of what they say.
 */
const HEADS: readonly CalleeRef["head"][] = ["scope", "this", "super", "type", "unknown", "import"];

/** The member name that stands for "an element of" in a chain (`items[i]`); no identifier can clash with it. */
export const ELEMENT = "[]";

export function encodeCallSite(site: CallSite): string {
  const { callee } = site;
  const names = callee.names.map((name) => name.replace(/[\t\n]/g, " "));
  return [site.caller, site.line, site.column, CALL_VIAS.indexOf(site.via), HEADS.indexOf(callee.head), callee.owner, ...names].join("\t");
}

export function decodeCallSite(text: string): CallSite {
  const [caller, line, column, via, head, owner, ...names] = text.split("\t");
  return {
    caller: Number(caller),
    line: Number(line),
    column: Number(column),
    via: CALL_VIAS[Number(via)]!,
    callee: { head: HEADS[Number(head)]!, owner: owner ?? "", names },
  };
}
