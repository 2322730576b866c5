import { quotePath } from "../../formats/quoted-path.js";
import type { Brief } from "../../core/brief/build-brief.js";
import { defaultBudget } from "../../core/brief/classify-task.js";
import { estimateTokens } from "../../core/brief/estimate-tokens.js";
import { fitBudget, type BriefSection } from "../../core/brief/fit-budget.js";

const short = (sha: string | null): string => (sha ? sha.slice(0, 7) : "none");
const oneLine = (text: string, max = 160): string => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Files the text shows at most, whatever the budget: more is reading, not routing (`--json` has 15). */
const FILES_SHOWN = 5;

/**
 * Reasons the text leaves to `--json`: they explain the ranking, not where to read, and every
 * line of a brief is paid for in the agent's context.
 */
const UNSAID = new Set(["changed recently", "changed by commits like this task", "near the matches"]);

/** A ranked file where to read it: `path:line-end \`name\` — reasons`. */
function fileLine(file: Brief["files"][number]): string {
  const at = file.at ? `:${file.at.line}${file.at.endLine !== null && file.at.endLine > file.at.line ? `-${file.at.endLine}` : ""} \`${file.at.name}\`` : "";
  const reasons = file.reasons.filter((reason) => !UNSAID.has(reason));
  return `${quotePath(file.path)}${at}${reasons.length > 0 ? ` — ${reasons.join("; ")}` : ""}`;
}

/** Dirty files listed at most, whatever the budget: the rest is `git status`'s to show. */
const DIRTY_SHOWN = 3;

function gitSection(brief: Brief): BriefSection {
  const { git } = brief;
  if (!git.available) return { head: ["git: not a git repository (no HEAD, branch or dirty files to report)"], items: [], priority: 1, keep: 0, more: () => "" };
  // ctx's own files say nothing about the task: the regenerated index, caches, the handoff.
  const mine = (path: string): boolean => path === ".ai" || path.startsWith(".ai/");
  const [staged, unstaged, untracked] = [git.staged, git.unstaged, git.untracked].map((paths) => paths.filter((path) => !mine(path))) as [string[], string[], string[]];
  const dirty = [...staged.map((p) => `${p} (staged)`), ...unstaged.map((p) => `${p} (unstaged)`), ...untracked.map((p) => `${p} (untracked)`)];
  const counts = dirty.length === 0 ? "clean" : `dirty: ${[[staged.length, "staged"], [unstaged.length, "unstaged"], [untracked.length, "untracked"]].filter(([n]) => n !== 0).map(([n, what]) => `${n} ${what}`).join(", ")}`;
  return {
    head: [`git: ${git.branch ?? "(detached)"} @ ${short(git.head)} · ${counts}`],
    items: dirty.slice(0, DIRTY_SHOWN).map((line) => `  ${line}`),
    beyond: Math.max(0, dirty.length - DIRTY_SHOWN),
    priority: 1,
    keep: 3,
    more: (hidden) => `  +${hidden} more dirty files (git status)`,
  };
}

function stateLines(brief: Brief): string[] {
  const lines: string[] = [];
  const { index, handoff } = brief;
  if (!index.present) lines.push(`index: none under .ai/ (run \`${brief.invocation} index\`; routing below uses no index)`);
  else if (index.changedSince !== 0 || !index.words) {
    // An index that is current says nothing worth a line.
    const behind = index.changedSince === null ? "" : index.changedSince === 0 ? "" : ` · ${index.changedSince} indexed file${index.changedSince === 1 ? "" : "s"} changed since (run \`${brief.invocation} index\`)`;
    const words = index.words ? "" : ` · no words inside declarations yet (run \`${brief.invocation} index\`; routing below uses names)`;
    lines.push(`index: built at ${short(index.head)}${behind}${words}`);
  }
  // No handoff is said once, in `next:` where one is needed; an untouched template says nothing either.
  if (handoff.present && (handoff.objective || handoff.next)) {
    const parts = [handoff.objective ? `objective: ${oneLine(handoff.objective, 120)}` : "no objective", handoff.next ? `next: ${oneLine(handoff.next, 120)}` : "no next step"];
    if (handoff.problems) parts.push(`${handoff.problems} problem${handoff.problems === 1 ? "" : "s"} (${brief.invocation} validate-handoff)`);
    lines.push(`handoff: ${parts.join(" · ")}`);
  }
  return lines;
}

function list<T>(title: string, values: readonly T[], line: (value: T) => string, priority: number, keep: number, what: string): BriefSection[] {
  if (values.length === 0) return [];
  return [{ head: [`${title}:`], items: values.map((v) => `  ${line(v)}`), priority, keep, more: (hidden) => `  +${hidden} more ${what}` }];
}

/**
 * `next:` as the text says it: "read first" the two files it would name again at the top of the
 * list below says so in a few words (`--json` keeps the places).
 */
function nextText(brief: Brief): string {
  const [first, second] = brief.files;
  const named = /^read first: ([^;]*)(;.*)?$/.exec(brief.next);
  if (!named || !first || !second) return brief.next;
  const places = named[1]!.split(", ");
  const listed = places.length === 2 && places[0]!.startsWith(first.path) && places[1]!.startsWith(second.path);
  return listed ? `read the top two files first${named[2] ?? ""}` : brief.next;
}

/**
 * The brief as an agent reads it in a prompt: a verdict line, state, the next step, then ranked
 * lists cut to the budget. A section with nothing to say is left out.
 */
export function renderBriefText(brief: Brief, budget: number = defaultBudget(brief.lane)): string {
  // The task is repeated only when the agent did not give it (it came from the handoff).
  const verdict = brief.lane
    ? [`BRIEF ${brief.lane} · ${brief.laneReason}`, ...(brief.taskFrom === "handoff" ? [`task (from the handoff): ${oneLine(brief.task ?? "")}`] : [])]
    : ["BRIEF (no task given: state only)"];
  const head: BriefSection = {
    head: [...verdict, ...(brief.risk.length > 0 ? [`risk: ${brief.risk.join(", ")}`] : []), `next: ${nextText(brief)}`],
    items: [],
    priority: 99,
    keep: 0,
    more: () => "",
  };
  const state: BriefSection = { head: stateLines(brief), items: [], priority: 99, keep: 0, more: () => "" };
  const sections: BriefSection[] = [
    head,
    gitSection(brief),
    state,
    // The read that costs least is said where the places are: agents otherwise `cat` the whole file.
    ...list(`files (\`${brief.invocation} show <path>:<line>\` prints one)`, brief.files.slice(0, FILES_SHOWN), fileLine, 5, 3, `ranked files (${brief.invocation} brief --json)`),
    ...list("symbols", brief.symbols, (s) => `${quotePath(s.path)}:${s.line} ${s.kind} ${s.name} · ${oneLine(s.signature, 100)}`, 4, 2, "symbols"),
    ...list("endpoints", brief.endpoints, (e) => `${e.method} ${e.route} → ${quotePath(e.path)}:${e.line} ${e.handler}`, 3, 2, "endpoints"),
    ...list("modules", brief.modules, (m) => `${m.name} (${m.paths.join(", ")}) — ${m.reason}`, 2, 1, "modules"),
    ...list("rejected (changed since indexing, not shown)", brief.rejected, (r) => `${quotePath(r.path)} (${r.reason})`, 2, 1, "rejected files"),
    ...list("hot (recorded fixes for this error)", brief.hot, (f) => `${f.path}:${f.line} ${f.match} · verified ${f.verified ?? "?"} · fix: ${oneLine(f.fix, 120)}`, 4, 1, "hot fixes"),
    ...list("incidents", brief.incidents, (f) => `${f.path}:${f.line} ${f.match} · ${f.verified ?? "?"} · cause: ${oneLine(f.cause ?? "?", 80)} · fix: ${oneLine(f.fix, 80)}`, 3, 1, "incidents"),
    ...list("brain (lessons)", brief.brain, (l) => `${l.path}:${l.line} ${l.kind} · ${oneLine(l.title, 80)} · ${oneLine(l.summary, 100)}`, 2, 1, "lessons"),
  ];
  return fitBudget(sections, budget, estimateTokens);
}

/** The stable JSON shape: scripts and the MCP server rely on these keys. */
export function briefJson(brief: Brief): object {
  return {
    task: brief.task,
    taskFrom: brief.taskFrom,
    role: brief.role,
    git: brief.git,
    index: brief.index,
    handoff: brief.handoff,
    lane: brief.lane,
    laneReason: brief.laneReason,
    risk: brief.risk,
    kind: brief.kind,
    modules: brief.modules,
    symbols: brief.symbols,
    endpoints: brief.endpoints,
    files: brief.files,
    rejected: brief.rejected,
    incidents: brief.incidents,
    hot: brief.hot,
    brain: brief.brain,
    next: brief.next,
    invocation: brief.invocation,
  };
}
