import { brainEntryPath, renderBrainEntry, renderBrainRow, renderLesson } from "../../formats/memory-entries.js";
import { errorSignature } from "./error-signature.js";
import type { TaskRecord } from "./task-record.js";

/** A file a cached fix touched, with its hash then: `ctx traverse Err` marks it changed-since when it differs now. */
export interface CitedFile {
  path: string;
  /** Null when the file did not exist when the entry was recorded (deleted by the task). */
  sha256: string | null;
}

/** A line of hot-cache.jsonl: a validated fix, found again by its error's signature. */
export interface HotCacheLine {
  hash: string;
  signature: string;
  error: string;
  type: string;
  keywords: string[];
  rootCause: string | null;
  fix: string;
  files: CitedFile[];
  commit: string | null;
  /** The date the fix was recorded as done (YYYY-MM-DD). */
  verified: string;
  entry: string;
}

/** A line of incident-cache.jsonl. */
export interface IncidentLine {
  id: string;
  date: string;
  hash: string;
  signature: string;
  error: string;
  cause: string;
  fix: string;
  files: CitedFile[];
  commit: string | null;
  entry: string;
}

export interface CompletionInput {
  record: TaskRecord;
  /** Today, YYYY-MM-DD (passed in: core reads no clock). */
  date: string;
  commit: string | null;
  /** The current hash of each of the record's files. */
  hashes: ReadonlyMap<string, string | null>;
  forced: string | null;
  /** Ids of the brain entries that exist. */
  taken: ReadonlySet<string>;
  /** Whether the handoff holds a task's plan worth archiving (not the bare template). */
  archiveHandoff: boolean;
}

export interface CompletionPlan {
  id: string;
  lesson: string;
  brainEntry: { path: string; text: string };
  brainRow: string;
  hot: HotCacheLine | null;
  incident: IncidentLine | null;
  /** Where the handoff is archived before it is reset from the template. */
  archive: string | null;
}

const ERROR_CHARS = 500;

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "task"
  );
}

/** `<date>-<slug>`, with `-2`, `-3`… when an entry of that name exists. */
export function entryId(date: string, title: string, taken: ReadonlySet<string>): string {
  const base = `${date}-${slug(title)}`;
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

const firstChars = (text: string): string => (text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS - 1)}…` : text);

/** What completing a task writes, decided from values: the files' texts and the cache lines. */
export function planCompletion(input: CompletionInput): CompletionPlan {
  const { record, date, commit } = input;
  const id = entryId(date, record.title, input.taken);
  const archive = input.archiveHandoff ? `.ai/archive/${id}-HANDOFF.md` : null;
  const context = { id, date, commit, forced: input.forced, handoff: archive };
  const files = record.files.map((path) => ({ path, sha256: input.hashes.get(path) ?? null }));
  const fix = record.solution.replace(/\s+/g, " ").trim();
  const hot = record.error
    ? (() => {
        const { signature, hash } = errorSignature(record.error);
        return { hash, signature, error: firstChars(record.error.trim()), type: record.type, keywords: record.keywords, rootCause: record.rootCause, fix: firstChars(fix), files, commit, verified: date, entry: id };
      })()
    : null;
  const incident = record.incident
    ? (() => {
        const { signature, hash } = errorSignature(record.incident.error);
        return { id, date, hash, signature, error: firstChars(record.incident.error.trim()), cause: record.incident.cause, fix: record.incident.fix, files, commit, entry: id };
      })()
    : null;
  return {
    id,
    lesson: renderLesson(record, context),
    brainEntry: { path: brainEntryPath(id), text: renderBrainEntry(record, context) },
    brainRow: renderBrainRow(record, id),
    hot,
    incident,
    archive,
  };
}
