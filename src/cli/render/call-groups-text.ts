import { isTestPath } from "../../core/index/is-test-path.js";
import type { TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";
import { quotePath } from "../../formats/quoted-path.js";
import { MAX_PARSED_FILES, type MentionAccount, type WordUse } from "../../core/traverse/mention-account.js";

/** Unresolved sites named in the closing line before the rest are counted. */
const UNRESOLVED_SHOWN = 5;

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;
const filesOf = (hits: readonly TraverseHit[]): number => new Set(hits.map((hit) => hit.path)).size;

/**
 * A one-level Caller or Callee answer, grouped: one header per declaration the sites reach
 * (Caller) or leave (Callee), in the walk's order (same-named definitions, the most called first),
 * then one line per file — each caller once, with the lines of its sites (Callee: a line per call). Sites in test files come after
 * (with --tests), or only as a count; a closing line says whether this is every site, and which calls by that name stayed
 * unresolved, so the answer can be trusted without a grep to check it.
 */
export function renderCallGroups(result: TraverseResult): string[] {
  const callers = result.kind === "Caller";
  const qualified = result.query.slice(result.query.lastIndexOf(":") + 1);
  const name = qualified.slice(qualified.lastIndexOf(".") + 1);
  const groups = new Map<string, TraverseHit[]>();
  for (const hit of result.hits) {
    const key = callers ? `${String(hit.calleePath)}:${String(hit.calleeLine)}:${String(hit.callee)}` : `${hit.path}:${hit.name}`;
    const group = groups.get(key);
    if (group) group.push(hit);
    else groups.set(key, [hit]);
  }
  // Sites in test files that are counted, not listed, are counted here too (test files are never application files).
  const all = result.total === result.hits.length;
  const sites = result.total + (result.tests?.sites ?? 0);
  const files = filesOf(result.hits) + (result.tests?.files ?? 0);
  const lines = [`TRAVERSE_HIT ${result.kind} ${result.query} (${plural(sites, "site")}${all ? ` in ${plural(files, "file")}` : ""})`, ...aliasLines(result)];
  // In the walk's order (the declarations named, then a class's members in line order); definitions
  // that share a name, the most called first.
  const byName = new Map<string, TraverseHit[][]>();
  for (const sites of groups.values()) {
    const key = String(callers ? sites[0]!.callee : sites[0]!.name);
    const same = byName.get(key);
    if (same) same.push(sites);
    else byName.set(key, [sites]);
  }
  const ordered = [...byName.values()].flatMap((same) => same.sort((a, b) => b.length - a.length));
  for (const sites of ordered) {
    const first = sites[0]!;
    // With one group, its counts are the first line's.
    const counts = ordered.length === 1 ? "" : ` · ${callers ? `${plural(sites.length, "site")} in ${plural(filesOf(sites), "file")}` : plural(sites.length, "call")}`;
    lines.push(
      callers
        ? `→ ${String(first.calleeKind)} ${String(first.callee)} ${first.calleePath === null ? "(unresolved)" : `${quotePath(String(first.calleePath))}:${String(first.calleeLine)}`}${counts}${typeof first.through === "string" ? ` · ${first.through}` : ""}`
        : `← ${first.kind} ${first.name} ${quotePath(first.path)}${counts}`,
    );
    // Application files first, then tests (when listed), each in path order.
    const byFile = new Map<string, TraverseHit[]>();
    for (const hit of sites) {
      const here = byFile.get(hit.path);
      if (here) here.push(hit);
      else byFile.set(hit.path, [hit]);
    }
    const paths = [...byFile.keys()].sort((a, b) => Number(isTestPath(a)) - Number(isTestPath(b)) || (a < b ? -1 : a > b ? 1 : 0));
    for (const path of paths) {
      const here = byFile.get(path)!;
      if (callers) {
        const byCaller = new Map<string, number[]>();
        for (const hit of here) {
          const at = byCaller.get(hit.name);
          if (at) at.push(hit.line ?? 0);
          else byCaller.set(hit.name, [hit.line ?? 0]);
        }
        // Calls in the file that defines the callee are under its header, which names the file.
        const file = path === first.calleePath ? "(same file)" : quotePath(path);
        lines.push(`  ${file}: ${callersText(byCaller)}`);
      } else {
        for (const hit of here) lines.push(`  ${hit.line} ${String(hit.callee)}${hit.calleePath === null ? "" : ` · ${String(hit.calleeKind)} @ ${quotePath(String(hit.calleePath))}:${String(hit.calleeLine)}`}`);
      }
    }
  }
  if (result.tests || result.candidatesInTests) lines.push(testsLine(result.tests ?? { sites: 0, files: 0 }, result.candidatesInTests ?? 0));
  const unresolved = result.candidates ?? [];
  const unlisted = result.total - result.hits.length;
  const complete = unlisted === 0 && unresolved.length === 0 && !result.candidatesInTests && result.rejected.length === 0;
  // Every site is above (or counted), no call by that name is left unproven, and what a grep would
  // add besides is accounted for: one closing line says so, and that no grep is needed to check.
  // The declaration each `→` line names is a line a grep prints too: shown, not added.
  const shown = callers ? ordered.filter((sites) => sites[0]!.calleePath !== null && String(sites[0]!.callee).split(".").pop() === name).length : 0;
  const added = result.mentions && mentionLine(result.mentions, shown);
  if (complete && result.mentions) lines.push(added ? `complete; ${added}` : "complete");
  else if (added) lines.push(added);
  if (complete) {
    if (!result.mentions) lines.push("complete; 0 unresolved");
  } else if (unlisted > 0) lines.push(`+${unlisted} more sites (raise --limit to see them)${unresolved.length === 0 ? "; 0 unresolved" : ""}`);
  else if (unresolved.length === 0 && result.candidatesInTests) lines.push(result.rejected.length === 0 ? "complete outside tests; 0 unresolved there" : "0 unresolved outside tests");
  else if (unresolved.length === 0) lines.push("0 unresolved");
  if (unresolved.length > 0) lines.push(...candidateLines(unresolved, result.candidatesMore ?? 0, name));
  return lines;
}

/**
 * The calls of that name whose receiver the linker could not tell, all of them, as the answer's last
 * lines: any may be a call of the declaration asked about, so the answer is not complete while one is left.
 */
export function candidateLines(candidates: readonly TraverseHit[], more: number, name: string): string[] {
  const count = candidates.length + more;
  // Calls by a name the declaration is exported as are candidates too (`_enum or enum`).
  const names = [name, ...new Set(candidates.map((hit) => String(hit.callee)).filter((callee) => callee !== name))];
  const lines = [`${plural(count, "unresolved call")} named ${names.join(" or ")} (receiver type unknown: each may call it):`];
  const byFile = new Map<string, Map<string, number[]>>();
  for (const hit of candidates) {
    const callers = byFile.get(hit.path) ?? new Map<string, number[]>();
    byFile.set(hit.path, callers);
    callers.set(hit.name, [...(callers.get(hit.name) ?? []), hit.line ?? 0]);
  }
  for (const [path, callers] of byFile) lines.push(`  ${quotePath(path)}: ${callersText(callers)}`);
  if (more > 0) lines.push(`+${more} more unresolved (raise --limit to see them)`);
  return lines;
}

/**
 * One file's callers, each with the lines of its sites: `boot 5; main 9, 12`. Members of one class
 * (or namespace) share its name once — `Runner.{dropTable 451; renameTable 527}` — which is most of
 * a hub's answer otherwise.
 */
export function callersText(byCaller: ReadonlyMap<string, number[]>): string {
  const entries = [...byCaller];
  const dot = entries[0]![0].lastIndexOf(".");
  const prefix = dot > 0 ? entries[0]![0].slice(0, dot + 1) : "";
  const shared = entries.length > 1 && prefix !== "" && entries.every(([caller]) => caller.startsWith(prefix) && !caller.includes(".", prefix.length));
  // A declaration the index places on no line (a method of an object typed outside the repository) is named alone.
  const text = entries.map(([caller, at]) => `${shared ? caller.slice(prefix.length) : caller}${at.length === 0 ? "" : ` ${at.join(", ")}`}`).join("; ");
  return shared ? `${prefix}{${text}}` : text;
}

/** The sites in test files an answer counts without listing them. */
/** What a Caller/Callee answer reached through an alias is about: said once, under its first line. */
export function aliasLines(result: TraverseResult): string[] {
  const of = result.aliasOf;
  if (!of) return [];
  return [`${of.alias}: exported as an alias of ${of.kind} ${of.name} ${quotePath(of.path)}:${of.line} (from ${of.exportedFrom.map(quotePath).join(", ")})${result.status === "hit" ? `; the sites are ${of.name}'s` : ""}`];
}

export function testsLine(tests: { sites: number; files: number }, unresolved = 0): string {
  const parts = [...(tests.sites > 0 ? [`${plural(tests.sites, "site")} in ${plural(tests.files, "file")}`] : []), ...(unresolved > 0 ? [plural(unresolved, "unresolved call")] : [])];
  return `tests: ${parts.join(", ")} (--tests lists them)`;
}

const USE_WORDS: Record<WordUse, [string, string]> = {
  declaration: ["declaration", "declarations"],
  import: ["import", "imports"],
  export: ["export", "exports"],
  type: ["type use", "type uses"],
  text: ["comment or string", "comments or strings"],
  member: ["other member", "other members"],
  local: ["local", "locals"],
  use: ["other use", "other uses"],
};

/** What a grep for the name would add to the answer: each kind of line counted, the uses in code named. */
function mentionLine(account: MentionAccount, shownDeclarations: number): string | undefined {
  const parts: string[] = [];
  if (account.otherCalls > 0) parts.push(`${account.otherCalls} call${account.otherCalls === 1 ? "" : "s"} of other declarations`);
  for (const use of ["declaration", "import", "export", "type", "member", "local", "text"] as const) {
    const count = Math.max(0, (account.kinds[use] ?? 0) - (use === "declaration" ? shownDeclarations : 0));
    if (count > 0) parts.push(`${count} ${USE_WORDS[use][count === 1 ? 0 : 1]}`);
  }
  const uses = account.uses.length;
  if (uses > 0) parts.push(`${uses} ${USE_WORDS.use[uses === 1 ? 0 : 1]}: ${account.uses.slice(0, UNRESOLVED_SHOWN).map(quoteSite).join(", ")}${uses > UNRESOLVED_SHOWN ? ", …" : ""}`);
  const left = account.unclassified;
  if (left > 0) parts.push(`${left} line${left === 1 ? "" : "s"} in code not classified (past the ${MAX_PARSED_FILES} files parsed for one answer): ${account.unclassifiedAt.slice(0, UNRESOLVED_SHOWN).map(quoteSite).join(", ")}${left > UNRESOLVED_SHOWN ? ", …" : ""}`);
  // The name is the query's, above: not repeated.
  return parts.length === 0 ? undefined : `rg -w adds ${parts.join(", ")}`;
}

const quoteSite = (site: string): string => {
  const colon = site.lastIndexOf(":");
  return `${quotePath(site.slice(0, colon))}${site.slice(colon)}`;
};
