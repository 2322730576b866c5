import type { ExactCheck } from "../../core/traverse/settle-candidates.js";
import type { TraverseHit, TraverseKind } from "../../core/traverse/traverse-result.js";
import { quotePath } from "../../formats/quoted-path.js";

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

/** Sites named in the verdict line before the rest are counted. */
const SITES_SHOWN = 5;

/**
 * What `--exact` settled, under the answer: its cost (the time is the one thing in an answer that
 * changes from run to run), then the checker's verdicts. The sites it proved are among the hits too.
 */
export function renderExactLines(kind: TraverseKind, exact: ExactCheck, hits: readonly TraverseHit[]): string[] {
  if (exact.sites === 0) {
    return [exact.skipped === 0 ? "exact: no unresolved candidate sites to check" : `exact: no TypeScript or JavaScript file among the ${plural(exact.skipped, "candidate site")}; nothing checked`].map(
      (line) => `${line}${exact.pastLimit > 0 ? `; ${exact.pastLimit} past --limit not checked (raise --limit)` : ""}`,
    );
  }
  const proved = hits.filter((hit) => hit.exact === true).map((hit) => `${quotePath(hit.path)}:${String(hit.line)}`);
  const shown = proved.length === 0 ? "" : ` (${proved.slice(0, SITES_SHOWN).join(", ")}${proved.length > SITES_SHOWN ? ", …" : ""})`;
  const verdicts = [
    `${exact.calls} ${kind === "Caller" ? "proved a call of it" : "proved a call of an indexed declaration"}${shown}`,
    `${exact.other} settled as ${kind === "Caller" ? "a call of another declaration" : "a call outside the repository"}`,
    `${exact.unsettled} still unresolved`,
  ];
  return [
    `exact: checked ${plural(exact.sites, "candidate site")} in ${plural(exact.files, "file")} (${plural(exact.programFiles, "file")} in the program) in ${exact.ms} ms${exact.skipped > 0 ? `; ${exact.skipped} in files the checker does not read` : ""}${exact.pastLimit > 0 ? `; ${exact.pastLimit} past --limit not checked (raise --limit)` : ""}`,
    `exact: ${verdicts.join(", ")}${exact.unsettled > 0 && exact.missingPackages.length > 0 ? missingText(exact.missingPackages) : ""}`,
  ];
}

/** Packages not installed: what they hand back is `any` to the checker, which then cannot tell. */
function missingText(packages: readonly string[]): string {
  return `; not installed, so typed \`any\`: ${packages.slice(0, SITES_SHOWN).join(", ")}${packages.length > SITES_SHOWN ? `, +${packages.length - SITES_SHOWN} more` : ""} (install dependencies to settle more)`;
}
