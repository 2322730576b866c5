import type { HandoffProblem } from "../../core/handoff/validate-handoff.js";
import type { HandoffValidation } from "../commands/validate-handoff-command.js";

const line = (tag: string, p: HandoffProblem): string => `${tag} ${p.rule} line ${p.line}: ${p.message} — ${p.fix}`;

/** Problems a text report shows of each rule: a 10,000-line handoff would otherwise print 20,000 lines. */
const SHOWN_PER_RULE = 5;

/** The first SHOWN_PER_RULE problems of each rule, in order, and how many of each rule are left out. */
function capPerRule(problems: readonly HandoffProblem[]): { shown: HandoffProblem[]; omitted: [string, number][] } {
  const seen = new Map<string, number>();
  const shown = problems.filter((p) => {
    const count = (seen.get(p.rule) ?? 0) + 1;
    seen.set(p.rule, count);
    return count <= SHOWN_PER_RULE;
  });
  return { shown, omitted: [...seen].filter(([, count]) => count > SHOWN_PER_RULE).map(([rule, count]) => [rule, count - SHOWN_PER_RULE]) };
}

const emptyLine = (path: string, allowed: boolean): string =>
  `HANDOFF_EMPTY no task in progress: ${path} is the untouched template${allowed ? "" : " — fill it in before building (CI passes it with --allow-empty)"}`;

/** `HANDOFF_VALID`, or `HANDOFF_EMPTY`, or `HANDOFF_FAIL` lines (at most five per rule, then a count); warnings follow as `HANDOFF_WARN`. */
export function renderHandoffText({ path, report, invocation }: HandoffValidation, allowEmpty = false): string {
  if (report.empty && allowEmpty) return `${emptyLine(path, true)}\n`;
  const lines = report.valid ? ["HANDOFF_VALID"] : report.empty ? [emptyLine(path, false)] : [];
  for (const [tag, problems] of [["HANDOFF_FAIL", report.errors], ["HANDOFF_WARN", report.warnings]] as const) {
    const { shown, omitted } = capPerRule(problems);
    lines.push(...shown.map((p) => line(tag, p)));
    lines.push(...omitted.map(([rule, count]) => `${tag} ${rule}: ${count} more like these (\`${invocation} validate-handoff --json\` lists every one)`));
  }
  return `${lines.join("\n")}\n`;
}

export function handoffJson({ path, report }: HandoffValidation): object {
  return { path, valid: report.valid, empty: report.empty, errors: report.errors, warnings: report.warnings };
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; property values also : and ,.
const escapeData = (text: string): string => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

function annotation(level: "error" | "warning", path: string, p: HandoffProblem): string {
  const where = [`file=${escapeProperty(path)}`, ...(p.line > 0 ? [`line=${p.line}`] : []), `title=${escapeProperty(`handoff ${p.rule}`)}`];
  return `::${level} ${where.join(",")}::${escapeData(`${p.message} — ${p.fix}`)}`;
}

/** GitHub Actions annotations (at most five per rule), then the same verdict line as the text output for the log. */
export function renderHandoffGithub(validation: HandoffValidation, allowEmpty = false): string {
  const { path, report } = validation;
  if (report.empty && allowEmpty) return `${emptyLine(path, true)}\n`;
  const lines = [...capPerRule(report.errors).shown.map((p) => annotation("error", path, p)), ...capPerRule(report.warnings).shown.map((p) => annotation("warning", path, p))];
  lines.push(report.valid ? "HANDOFF_VALID" : `HANDOFF_FAIL ${report.errors.length} problem${report.errors.length === 1 ? "" : "s"} in ${path}`);
  return `${lines.join("\n")}\n`;
}
