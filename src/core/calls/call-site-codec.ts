import { CALL_VIAS, CHANNEL_QUOTE, type CallSite, type CalleeRef } from "../../model.js";

/*
 * A call site as one tab-separated string: caller, line, column, via, head, owner, then the names.
 * A large repository has hundreds of thousands of sites; cached as objects with keys they cost
 * several times the bytes, and the time to parse them, of what they say.
 */
const HEADS: readonly CalleeRef["head"][] = ["scope", "this", "super", "type", "unknown", "import"];
/** Added to the via's code of a read passed on as a value (CallSite.passed). */
const PASSED = 10;

/** The member name that stands for "an element of" in a chain (`items[i]`); no identifier can clash with it. */
export const ELEMENT = "[]";

export function encodeCallSite(site: CallSite): string {
  const { callee } = site;
  const via = CALL_VIAS.indexOf(site.via) + (site.passed ? PASSED : 0);
  let text = `${site.caller}\t${site.line}\t${site.column}\t${via}\t${HEADS.indexOf(callee.head)}\t${callee.owner}`;
  for (const name of callee.names) text += `\t${name.includes("\t") || name.includes("\n") ? name.replace(/[\t\n]/g, " ") : name}`;
  return text;
}

export function decodeCallSite(text: string): CallSite {
  const [caller, line, column, via, head, owner, ...names] = text.split("\t");
  const code = Number(via);
  return {
    caller: Number(caller),
    line: Number(line),
    column: Number(column),
    via: CALL_VIAS[code % PASSED]!,
    callee: { head: HEADS[Number(head)]!, owner: owner ?? "", names },
    ...(code >= PASSED ? { passed: true as const } : {}),
  };
}

const UNKNOWN = String(HEADS.indexOf("unknown"));

/** The called name of a call (not a passed read) whose receiver is unknown, read without decoding the site; else null. */
export function unknownCalleeName(text: string): string | null {
  let tab = -1;
  for (let field = 0; field < 3; field += 1) tab = text.indexOf("\t", tab + 1);
  if (Number(text.slice(tab + 1, text.indexOf("\t", tab + 1))) >= PASSED) return null;
  tab = text.indexOf("\t", tab + 1);
  if (text.slice(tab + 1, text.indexOf("\t", tab + 1)) !== UNKNOWN) return null;
  const name = text.slice(text.lastIndexOf("\t") + 1);
  // A string channel (`'order.placed'`) is kept whatever is callable: it names no declaration.
  return name.startsWith(CHANNEL_QUOTE) ? null : name;
}
