import type { HandoffProblem } from "../../core/handoff/validate-handoff.js";
import type { HandoffValidation } from "../commands/validate-handoff-command.js";

const line = (tag: string, p: HandoffProblem): string => `${tag} ${p.rule} line ${p.line}: ${p.message} — ${p.fix}`;

/** `HANDOFF_VALID` or one `HANDOFF_FAIL` line per error; warnings follow as `HANDOFF_WARN`. */
export function renderHandoffText({ report }: HandoffValidation): string {
  const lines = report.valid ? ["HANDOFF_VALID"] : report.errors.map((p) => line("HANDOFF_FAIL", p));
  lines.push(...report.warnings.map((p) => line("HANDOFF_WARN", p)));
  return `${lines.join("\n")}\n`;
}

export function handoffJson({ path, report }: HandoffValidation): object {
  return { path, valid: report.valid, errors: report.errors, warnings: report.warnings };
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; property values also : and ,.
const escapeData = (text: string): string => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

function annotation(level: "error" | "warning", path: string, p: HandoffProblem): string {
  const where = [`file=${escapeProperty(path)}`, ...(p.line > 0 ? [`line=${p.line}`] : []), `title=${escapeProperty(`handoff ${p.rule}`)}`];
  return `::${level} ${where.join(",")}::${escapeData(`${p.message} — ${p.fix}`)}`;
}

/** GitHub Actions annotations, then the same verdict line as the text output for the log. */
export function renderHandoffGithub(validation: HandoffValidation): string {
  const { path, report } = validation;
  const lines = [...report.errors.map((p) => annotation("error", path, p)), ...report.warnings.map((p) => annotation("warning", path, p))];
  lines.push(report.valid ? "HANDOFF_VALID" : `HANDOFF_FAIL ${report.errors.length} problem${report.errors.length === 1 ? "" : "s"} in ${path}`);
  return `${lines.join("\n")}\n`;
}
