import { matchErrors, rankMemory, type CachedError, type ErrorMatch } from "./match-memory.js";
import { termsOf } from "../brief/sub-words.js";

/** A recorded fix a brief recalls for its task. */
export interface RecalledFix {
  path: string;
  line: number;
  match: ErrorMatch["match"];
  score: number;
  error: string;
  fix: string;
  cause: string | null;
  verified: string | null;
  files: string[];
  entry: string | null;
}

/** A lesson or brain entry a brief recalls for its task. */
export interface RecalledLesson {
  title: string;
  kind: string;
  path: string;
  line: number;
  summary: string;
  score: number;
}

export interface Recall {
  hot: RecalledFix[];
  incidents: RecalledFix[];
  brain: RecalledLesson[];
}

const PER_LIST = 3;

interface Remembered {
  main: { title: string; type: string | null; path: string; line: number; text: string };
  text: string;
}

/** The line that says what to do: a lesson's `- lesson:` line, an entry's Lesson section, else its title. */
export const summaryOf = (main: Remembered["main"]): string =>
  ((/^-\s*lesson:\s*(.+)$/m.exec(main.text)?.[1] ?? /^## Lesson\n+(.+)$/m.exec(main.text)?.[1]) ?? main.title).trim().slice(0, 200);

/**
 * What memory says about a task: recorded fixes whose error the task quotes or resembles, and
 * lessons sharing at least two of its words (all of them, for a one-word task) — fewer, surer lines
 * than `ctx traverse Brain` gives, since a brief is read before every task.
 */
export function recallMemory(task: string, cached: readonly CachedError[], memory: readonly Remembered[]): Recall {
  const fixes = matchErrors(task, cached).map(({ cached: c, match, score }) => ({
    path: c.path,
    line: c.line,
    match,
    score,
    error: c.error.split("\n")[0]!.slice(0, 160),
    fix: c.fix,
    cause: c.cause,
    verified: c.verified,
    files: c.files.map((f) => f.path),
    entry: c.entry,
  }));
  const needed = Math.min(2, new Set(termsOf(task)).size);
  const brain = rankMemory(task, memory.map((item) => ({ item, text: item.text })))
    .filter((m) => m.matched.length >= needed)
    .slice(0, PER_LIST)
    .map(({ item, score }) => ({ title: item.main.title, kind: item.main.type ?? "lesson", path: item.main.path, line: item.main.line, summary: summaryOf(item.main), score }));
  return {
    hot: fixes.filter((f) => f.path.endsWith("hot-cache.jsonl")).slice(0, PER_LIST),
    incidents: fixes.filter((f) => f.path.endsWith("incident-cache.jsonl")).slice(0, PER_LIST),
    brain,
  };
}
