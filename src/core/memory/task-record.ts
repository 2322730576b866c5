import { UsageError } from "../../errors.js";

export const TASK_TYPES = ["bug-fix", "feature", "pattern", "decision", "optimization", "refactor"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** What `ctx complete-task` keeps of a finished task. */
export interface TaskRecord {
  type: TaskType;
  /** One line; also the entry's id, slugged, after its date. */
  title: string;
  keywords: string[];
  problem: string;
  solution: string;
  rootCause: string | null;
  failedApproaches: string[];
  /** Repository-relative paths the task changed. */
  files: string[];
  lesson: string;
  /** The error text the task fixed: makes the lesson a hot-cache line, found by `ctx traverse Err`. */
  error: string | null;
  /** Recorded in the incident cache too. */
  incident: { error: string; cause: string; fix: string } | null;
}

/** The fields as given (flags over the YAML file), before they are checked. */
export interface TaskInput {
  type?: string;
  title?: string;
  keywords?: string[];
  problem?: string;
  solution?: string;
  rootCause?: string;
  failedApproaches?: string[];
  files?: string[];
  lesson?: string;
  error?: string;
  incident?: { error?: string; cause?: string; fix?: string } | true;
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** What a required field looks like, for the one line that names every field missing. */
const EXAMPLES = {
  type: ["--type", "bug-fix"],
  problem: ["--problem", '"GET /users/:id answered 500 for an empty id"'],
  solution: ["--solution", '"validate the id in the route before the lookup"'],
  lesson: ["--lesson", '"validate request input at the route, not in the service"'],
  keywords: ["--keywords", "users,validation,404"],
} as const;

/**
 * Checks the input and fills what has a default; `files` defaults to the handoff's changed files.
 * Every field missing or invalid is named at once, in one line, with an example of each.
 */
export function toTaskRecord(input: TaskInput, handoffFiles: readonly string[]): TaskRecord {
  const problems: string[] = [];
  const examples: string[] = [];
  const missing: string[] = [];
  const text = (field: "type" | "problem" | "solution" | "lesson"): string => {
    const value = input[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    missing.push(EXAMPLES[field][0]);
    examples.push(EXAMPLES[field].join(" "));
    return "";
  };
  const type = text("type");
  if (type !== "" && !(TASK_TYPES as readonly string[]).includes(type)) {
    problems.push(`--type ${type} is not one of ${TASK_TYPES.join(", ")}`);
    examples.push(EXAMPLES.type.join(" "));
  }
  const problem = text("problem");
  const solution = text("solution");
  const lesson = text("lesson");
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim().toLowerCase()).filter((k) => k !== ""))];
  if (keywords.length === 0) {
    missing.push(EXAMPLES.keywords[0]);
    examples.push(EXAMPLES.keywords.join(" "));
  }
  if (missing.length > 0) problems.push(`missing ${missing.join(", ")} (as flags, or keys of the --from file)`);
  const error = input.error?.trim() || null;
  const rootCause = input.rootCause?.trim() || null;
  let incident: TaskRecord["incident"] = null;
  if (input.incident !== undefined) {
    const given = input.incident === true ? {} : input.incident;
    const incidentError = given.error?.trim() || error;
    const cause = given.cause?.trim() || rootCause;
    const needs = [...(incidentError ? [] : ["--error"]), ...(cause ? [] : ["--root-cause"])];
    if (needs.length > 0) {
      problems.push(`--incident needs ${needs.join(" and ")}`);
      if (!incidentError) examples.push('--error "<the error text>"');
      if (!cause) examples.push('--root-cause "<why it happened>"');
    }
    if (incidentError && cause) incident = { error: incidentError, cause, fix: given.fix?.trim() || solution };
  }
  if (problems.length > 0) throw new UsageError(`cannot record the task: ${problems.join("; ")}`, `e.g. ${examples.join(" ")}`);
  return {
    type: type as TaskType,
    title: oneLine(input.title?.trim() || problem).slice(0, 120),
    keywords,
    problem,
    solution,
    rootCause,
    failedApproaches: (input.failedApproaches ?? []).map((a) => a.trim()).filter((a) => a !== ""),
    files: [...new Set(input.files ?? handoffFiles)].sort(),
    lesson,
    error,
    incident,
  };
}
