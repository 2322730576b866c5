import type { TaskRecord } from "../core/memory/task-record.js";
import { escapeCell, splitRow } from "./markdown-table.js";

/**
 * The Markdown of layered memory: a lesson appended to `lessons-learned.md`, an entry file under
 * `.ai/brain/`, and its row in `brain-index.md`. Hand-written lessons and rows follow the same
 * shape loosely: the parsers take any `## ` section and any table row.
 */

/** Who recorded an entry, and from where: the parts of an entry that are not the task's own words. */
export interface EntryContext {
  id: string;
  date: string;
  commit: string | null;
  /** Set when the handoff did not validate and `--force` recorded the entry anyway. */
  forced: string | null;
  /** Where the handoff was archived, repository-relative. */
  handoff: string | null;
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();
const list = (items: readonly string[]): string => items.join(", ");

export const brainEntryPath = (id: string): string => `.ai/brain/${id}.md`;

export function renderLesson(record: TaskRecord, context: EntryContext): string {
  const lines = [
    `## ${context.id} · ${oneLine(record.title)}`,
    `- type: ${record.type} · keywords: ${list(record.keywords)}${record.files.length > 0 ? ` · files: ${list(record.files)}` : ""}`,
    `- lesson: ${oneLine(record.lesson)}`,
  ];
  if (record.rootCause) lines.push(`- root cause: ${oneLine(record.rootCause)}`);
  if (record.error) lines.push(`- error: \`${oneLine(record.error).slice(0, 200).replace(/`/g, "'")}\``);
  lines.push(`- brain: [brain/${context.id}.md](brain/${context.id}.md)`);
  return `${lines.join("\n")}\n`;
}

export function renderBrainEntry(record: TaskRecord, context: EntryContext): string {
  const meta = [
    `- id: ${context.id}`,
    `- type: ${record.type}`,
    `- date: ${context.date}${context.commit ? ` · commit: ${context.commit.slice(0, 12)}` : ""}`,
    `- keywords: ${list(record.keywords)}`,
    ...(record.files.length > 0 ? [`- files: ${list(record.files)}`] : []),
    ...(context.handoff ? [`- handoff: ${context.handoff}`] : []),
    ...(context.forced ? [`- forced: ${context.forced}`] : []),
  ];
  const section = (title: string, body: string | null): string[] => (body ? ["", `## ${title}`, body.trim()] : []);
  const failed = record.failedApproaches.length > 0 ? record.failedApproaches.map((a) => `- ${oneLine(a)}`).join("\n") : null;
  const incident = record.incident ? [`- error: \`${oneLine(record.incident.error).replace(/`/g, "'")}\``, `- cause: ${oneLine(record.incident.cause)}`, `- fix: ${oneLine(record.incident.fix)}`].join("\n") : null;
  return [
    `# ${oneLine(record.title)}`,
    "",
    ...meta,
    ...section("Problem", record.problem),
    ...section("Root cause", record.rootCause),
    ...section("Solution", record.solution),
    ...section("Failed approaches", failed),
    ...section("Lesson", record.lesson),
    ...section("Error", record.error && !record.incident ? `\`\`\`\n${record.error.trim()}\n\`\`\`` : null),
    ...section("Incident", incident),
    "",
  ].join("\n");
}

export function renderBrainRow(record: TaskRecord, id: string): string {
  const summary = `${oneLine(record.title)}: ${oneLine(record.lesson)}`;
  return `| [${id}](brain/${id}.md) | ${record.type} | ${escapeCell(list(record.keywords))} | ${escapeCell(summary.length > 240 ? `${summary.slice(0, 239)}…` : summary)} |`;
}

/**
 * `brain-index.md` with `row` added after the last row of its table (a table is started when it
 * has none). Every other line is kept as it is, whether or not it parses.
 */
export function addBrainRow(text: string, row: string): string {
  const lines = text.replace(/\n$/, "").split("\n");
  let last = -1;
  lines.forEach((line, index) => {
    if (splitRow(line) !== null) last = index;
  });
  if (last === -1) return `${text.replace(/\n*$/, "")}\n\n| entry | type | keywords | summary |\n| --- | --- | --- | --- |\n${row}\n`;
  lines.splice(last + 1, 0, row);
  return `${lines.join("\n")}\n`;
}

/** A searchable piece of memory: a section of lessons-learned.md, a brain entry, or a brain-index row. */
export interface MemoryDocument {
  /** The brain entry id it belongs to, when it names one. */
  id: string | null;
  title: string;
  /** `bug-fix`, `decision`…, or null when the text does not say. */
  type: string | null;
  path: string;
  line: number;
  text: string;
}

const ENTRY_LINK = /\(?(?:\.ai\/)?brain\/([\w.-]+)\.md\)?/;

/** The `## ` sections of lessons-learned.md, each a document (the text before the first is not one). */
export function parseLessons(text: string, path: string): MemoryDocument[] {
  const documents: MemoryDocument[] = [];
  text.split("\n").forEach((line, index) => {
    const heading = /^##\s+(.+)$/.exec(line);
    // `ctx complete-task` writes `## <id> · <title>`; a hand-written heading is all title.
    const named = heading && /^(\d{4}-\d\d-\d\d-[\w.-]+) · (.+)$/.exec(heading[1]!.trim());
    if (heading) documents.push({ id: named ? named[1]! : null, title: named ? named[2]! : heading[1]!.trim(), type: null, path, line: index + 1, text: "" });
    else if (documents.length > 0) {
      const current = documents.at(-1)!;
      current.text += `${line}\n`;
      current.id ??= /^-\s*brain:/.exec(line) ? (ENTRY_LINK.exec(line)?.[1] ?? null) : null;
      current.type ??= /^-\s*type:\s*([\w-]+)/.exec(line)?.[1] ?? null;
    }
  });
  return documents;
}

/** A brain entry file: its `# ` title, its `- type:` line and its whole text. */
export function parseBrainEntry(text: string, path: string, id: string): MemoryDocument {
  const title = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? id;
  return { id, title, type: /^-\s*type:\s*([\w-]+)/m.exec(text)?.[1] ?? null, path, line: 1, text };
}

/** The rows of brain-index.md's tables (headers and separators aside); the entry cell links to a brain entry or is free text. */
export function parseBrainIndex(text: string, path: string): MemoryDocument[] {
  const documents: MemoryDocument[] = [];
  let state: "outside" | "header" | "body" = "outside";
  text.split("\n").forEach((line, index) => {
    const cells = splitRow(line);
    if (cells === null) state = "outside";
    else if (state === "outside") state = "header";
    else if (state === "header") state = cells.every((cell) => /^\s*:?-+:?\s*$/.test(cell)) ? "body" : "header";
    else {
      const [entry = "", type = "", keywords = "", summary = ""] = cells.map((cell) => cell.trim());
      documents.push({ id: ENTRY_LINK.exec(entry)?.[1] ?? null, title: summary || entry, type: type || null, path, line: index + 1, text: `${entry} ${keywords} ${summary}` });
    }
  });
  return documents;
}
