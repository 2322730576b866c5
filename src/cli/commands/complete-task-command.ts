import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { changedFiles } from "../../core/handoff/find-citations.js";
import { planCompletion, type CompletionPlan } from "../../core/memory/plan-completion.js";
import { toTaskRecord, type TaskInput } from "../../core/memory/task-record.js";
import { UsageError } from "../../errors.js";
import { parseHandoff } from "../../formats/handoff.js";
import { addBrainRow } from "../../formats/memory-entries.js";
import { parseTaskInput } from "../../formats/task-input.js";
import { appendJsonLines } from "../../io/append-json-lines.js";
import { createIfAbsent, readIfReadable, writeFileAtomic } from "../../io/atomic-write.js";
import { withFileLock } from "../../io/file-lock.js";
import { gitHead } from "../../io/git.js";
import { hashFiles } from "../../io/hash-files.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { readTemplate } from "../../io/templates.js";
import { runValidateHandoff, type HandoffValidation } from "./validate-handoff-command.js";

export interface CompleteTaskOptions {
  cwd: string;
  /** The fields given as flags; they override the --from file's. */
  input: TaskInput;
  from?: string;
  force: boolean;
  dryRun: boolean;
  refreshIndex: boolean;
  /** Today, YYYY-MM-DD. */
  date: string;
}

export interface Write {
  action: "created" | "appended" | "archived" | "reset";
  path: string;
}

export interface CompleteTaskResult {
  status: "recorded" | "refused" | "dry-run";
  /** The entry's id (null when refused). */
  id: string | null;
  handoff: HandoffValidation;
  forced: boolean;
  writes: Write[];
  /** What would be or was written (its texts), for --dry-run and --json. */
  plan: CompletionPlan | null;
  /** Files re-parsed by the index refresh; null when there was none (no index, --no-index, --dry-run). */
  reindexed: number | null;
}

const ai = (root: string, path: string): string => join(root, path);

/** Ids of the brain entries under .ai/brain/. */
function brainIds(root: string): Set<string> {
  try {
    return new Set(readdirSync(join(root, ".ai", "brain")).filter((name) => name.endsWith(".md")).map((name) => name.slice(0, -3)));
  } catch {
    return new Set();
  }
}

const sameText = (a: string | undefined, b: string): boolean => a !== undefined && a.trim() === b.trim();

/**
 * Closes a task: refreshes the index, refuses when the handoff does not validate (unless forced),
 * then records the lesson, brain entry and row, hot-cache and incident lines, archives and resets
 * the handoff and empties research.md — all under one lock, so tasks completed at once are all kept.
 */
export async function runCompleteTask(options: CompleteTaskOptions): Promise<CompleteTaskResult> {
  const root = findRepoRoot(options.cwd);
  let input = options.input;
  if (options.from !== undefined) {
    const file = resolve(options.cwd, options.from);
    const text = readIfReadable(file);
    if (text === undefined) throw new UsageError(`cannot read --from ${options.from}`, "pass a YAML file with the task's fields (see `ctx complete-task --help`)");
    input = { ...parseTaskInput(text, options.from), ...Object.fromEntries(Object.entries(options.input).filter(([, v]) => v !== undefined)) };
  }
  // The fields are checked before anything runs: every one missing is said at once, without waiting for an index refresh.
  const handoffText = readIfReadable(ai(root, ".ai/HANDOFF.md"));
  const record = toTaskRecord(input, handoffText === undefined ? [] : changedFiles(parseHandoff(handoffText)));
  // The index is refreshed next: the task changed code, and the handoff's symbols are checked
  // against the code as it is now, not as it was indexed before the task.
  let reindexed: number | null = null;
  if (options.refreshIndex && !options.dryRun && readIfReadable(ai(root, ".ai/file_index.md")) !== undefined) {
    const { runIndex } = await import("./index-command.js");
    reindexed = (await runIndex({ cwd: root, check: false })).parsed;
  }
  const handoff = await runValidateHandoff(root);
  const result: CompleteTaskResult = { status: "refused", id: null, handoff, forced: false, writes: [], plan: null, reindexed };
  if (!handoff.report.valid && !options.force) return result;
  result.forced = !handoff.report.valid;
  const forced = result.forced
    ? `recorded with --force over a handoff that did not validate (${[...new Set(handoff.report.errors.map((e) => e.rule))].join(", ")})`
    : null;
  const [commit, hashes] = [await gitHead(root), hashFiles(root, record.files)];
  const templates = { handoff: readTemplate("HANDOFF.md"), research: readTemplate("research.md"), lessons: readTemplate("lessons-learned.md"), brain: readTemplate("brain-index.md") };

  const plan = (): CompletionPlan => {
    const current = readIfReadable(ai(root, ".ai/HANDOFF.md"));
    return planCompletion({ record, date: options.date, commit, hashes, forced, taken: brainIds(root), archiveHandoff: current !== undefined && !sameText(current, templates.handoff) });
  };
  const writesOf = (planned: CompletionPlan, research: string | undefined): Write[] => [
    { action: "appended", path: ".ai/lessons-learned.md" },
    { action: "created", path: planned.brainEntry.path },
    { action: "appended", path: ".ai/brain-index.md" },
    ...(planned.hot ? [{ action: "appended" as const, path: ".ai/hot-cache.jsonl" }] : []),
    ...(planned.incident ? [{ action: "appended" as const, path: ".ai/incident-cache.jsonl" }] : []),
    ...(planned.archive ? [{ action: "archived" as const, path: planned.archive }, { action: "reset" as const, path: ".ai/HANDOFF.md" }] : []),
    ...(research !== undefined && !sameText(research, templates.research) ? [{ action: "reset" as const, path: ".ai/research.md" }] : []),
  ];

  if (options.dryRun) {
    const planned = plan();
    return { ...result, status: "dry-run", id: planned.id, plan: planned, writes: writesOf(planned, readIfReadable(ai(root, ".ai/research.md"))) };
  }

  await withFileLock(ai(root, ".ai/.cache/locks/memory.lock"), async () => {
    const planned = plan();
    const research = readIfReadable(ai(root, ".ai/research.md"));
    result.plan = planned;
    result.id = planned.id;
    result.writes = writesOf(planned, research);
    if (!(await createIfAbsent(ai(root, planned.brainEntry.path), planned.brainEntry.text))) {
      throw new UsageError(`${planned.brainEntry.path} appeared while it was being written`, "run the command again");
    }
    const lessons = readIfReadable(ai(root, ".ai/lessons-learned.md")) ?? templates.lessons;
    await writeFileAtomic(ai(root, ".ai/lessons-learned.md"), `${lessons.replace(/\n*$/, "")}\n\n${planned.lesson}`);
    await writeFileAtomic(ai(root, ".ai/brain-index.md"), addBrainRow(readIfReadable(ai(root, ".ai/brain-index.md")) ?? templates.brain, planned.brainRow));
    if (planned.hot) await appendJsonLines(ai(root, ".ai/hot-cache.jsonl"), [planned.hot]);
    if (planned.incident) await appendJsonLines(ai(root, ".ai/incident-cache.jsonl"), [planned.incident]);
    if (planned.archive) {
      await writeFileAtomic(ai(root, planned.archive), readIfReadable(ai(root, ".ai/HANDOFF.md")) ?? "");
      await writeFileAtomic(ai(root, ".ai/HANDOFF.md"), templates.handoff);
    }
    if (research !== undefined && !sameText(research, templates.research)) await writeFileAtomic(ai(root, ".ai/research.md"), templates.research);
  });
  result.status = "recorded";
  return result;
}
