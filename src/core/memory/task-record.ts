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

/** Checks the input and fills what has a default; `files` defaults to the handoff's changed files. */
export function toTaskRecord(input: TaskInput, handoffFiles: readonly string[]): TaskRecord {
  const required = (field: keyof TaskInput, flag: string, example: string): string => {
    const value = input[field];
    if (typeof value !== "string" || value.trim() === "") throw new UsageError(`missing ${flag} (or \`${flag.slice(2)}:\` in the --from file)`, `e.g. ${flag} ${example}`);
    return value.trim();
  };
  const type = required("type", "--type", "bug-fix");
  if (!(TASK_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type ${type} is not a task type`, `use one of ${TASK_TYPES.join(", ")}`);
  const problem = required("problem", "--problem", '"GET /users/:id answered 500 for an empty id"');
  const solution = required("solution", "--solution", '"validate the id in the route before the lookup"');
  const lesson = required("lesson", "--lesson", '"validate request input at the route, not in the service"');
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim().toLowerCase()).filter((k) => k !== ""))];
  if (keywords.length === 0) throw new UsageError("missing --keywords: the words a later search will use", "e.g. --keywords users,validation,404");
  const error = input.error?.trim() || null;
  const rootCause = input.rootCause?.trim() || null;
  let incident: TaskRecord["incident"] = null;
  if (input.incident !== undefined) {
    const given = input.incident === true ? {} : input.incident;
    const incidentError = given.error?.trim() || error;
    const cause = given.cause?.trim() || rootCause;
    if (!incidentError) throw new UsageError("an incident needs the error it was about", "add --error \"<the error text>\"");
    if (!cause) throw new UsageError("an incident needs its cause", 'add --root-cause "<why it happened>"');
    incident = { error: incidentError, cause, fix: given.fix?.trim() || solution };
  }
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
