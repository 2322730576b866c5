import { estimateTokens } from "../brief/estimate-tokens.js";
import { parsedOutput, PREFIX, type Compressed, type KeptItem, type Omission, type OutputLine } from "./compressed-output.js";

const DIFF_HEADER = /^diff --git (?:"?a\/)(.+?)"? (?:"?b\/)(.+?)"?$/;
const HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
const COMMIT = /^commit ([0-9a-f]{7,64})\b/;
/** Lockfiles and generated files: their hunks are never worth the tokens, their counts are. */
const GENERATED = /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|go\.sum|poetry\.lock|uv\.lock|Pipfile\.lock|Gemfile\.lock|composer\.lock|flake\.lock)$|\.min\.(js|css)$|\.map$|(^|\/)\.ai\/(\w+_index\.md|domain-manifest\.yaml)$/;

export function looksLikeGitDiff(lines: readonly string[]): boolean {
  return lines.some((line) => DIFF_HEADER.test(line)) || lines.some((line) => COMMIT.test(line));
}

interface FileBlock {
  path: string;
  status: string;
  /** [start, end) of the lines before the first hunk: `diff --git`, `index`, `---`, `+++`. */
  header: [number, number];
  hunks: [number, number][];
  added: number;
  deleted: number;
  generated: boolean;
}

interface CommitBlock {
  hash: string;
  line: number;
  /** The subject: the first message line. */
  subject: number | null;
  /** Author, Date and the rest of the message: shown when the budget allows. */
  rest: [number, number];
}

/** The file blocks and commit headers of `git diff`, `git show` or `git log [-p]` output. */
function parse(lines: readonly string[]): { files: FileBlock[]; commits: CommitBlock[] } {
  const files: FileBlock[] = [];
  const commits: CommitBlock[] = [];
  let file = null as FileBlock | null;
  let commit = null as CommitBlock | null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const header = DIFF_HEADER.exec(line);
    const hash = file === null || !/^[ +\-\\]/.test(line) ? COMMIT.exec(line) : null;
    if (header || hash) {
      if (commit) commit.rest[1] = index;
      commit = null;
      file = null;
    }
    if (hash) {
      commit = { hash: hash[1]!, line: index, subject: null, rest: [index + 1, index + 1] };
      commits.push(commit);
      continue;
    }
    if (commit) {
      if (commit.subject === null && /^ {4}\S/.test(line)) commit.subject = index;
      continue;
    }
    if (header) {
      file = { path: header[2]!, status: "modified", header: [index, index + 1], hunks: [], added: 0, deleted: 0, generated: GENERATED.test(header[2]!) };
      files.push(file);
      continue;
    }
    if (!file) continue;
    if (HUNK.test(line)) {
      file.hunks.push([index, index + 1]);
      continue;
    }
    if (file.hunks.length === 0) {
      file.header[1] = index + 1;
      if (line.startsWith("new file mode")) file.status = "new";
      else if (line.startsWith("deleted file mode")) file.status = "deleted";
      else if (line.startsWith("rename from")) file.status = "renamed";
      else if (line.startsWith("Binary files")) file.status = "binary";
      continue;
    }
    const hunk = file.hunks.at(-1)!;
    // A hunk's lines: context, added, removed, and `\ No newline at end of file`; anything else ends the file.
    if (/^[ +\-\\]/.test(line)) {
      hunk[1] = index + 1;
      if (line.startsWith("+")) file.added += 1;
      else if (line.startsWith("-")) file.deleted += 1;
    } else file = null;
  }
  // The last commit's message runs to the end when no diff follows it.
  if (commit) commit.rest[1] = lines.length;
  return { files, commits };
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;
const changes = (file: FileBlock): string => (file.status === "binary" ? "binary" : `+${file.added} -${file.deleted}`);

/**
 * git's diffs and logs within the budget: every commit hash and subject, every file's path, status
 * and ± counts, and as many whole hunks as fit — every file's first hunk before any second one —
 * with what is kept still a diff `git apply` takes. A file none of whose hunks fit (and every
 * lockfile or generated file) becomes one `[ctx]` line with its counts, its block left out whole.
 */
export function compressGitDiff(lines: readonly string[], exitCode: number | null, budget: number): Compressed | null {
  const { files, commits } = parse(lines);
  if (files.length === 0 && commits.length === 0) return null;
  const cost = (from: number, to: number): number => lines.slice(from, to).reduce((sum, line) => sum + estimateTokens(line) + 1, 0);
  // What is always shown: hashes, subjects, and a line per file.
  let total = commits.reduce((sum, c) => sum + cost(c.line, c.line + 1) + (c.subject === null ? 0 : cost(c.subject, c.subject + 1)), 0) + files.length * 16;
  const keptHunks = new Set<string>();
  const opened = new Set<FileBlock>();
  const candidates = files.filter((file) => !file.generated).flatMap((file) => file.hunks.map((hunk, h) => ({ file, h, cost: cost(hunk[0], hunk[1]) })));
  // Breadth first: each file's first hunk before any file's second, the smaller first among equals.
  for (const candidate of candidates.sort((a, b) => a.h - b.h || a.cost - b.cost)) {
    const extra = candidate.cost + (opened.has(candidate.file) ? 0 : cost(...candidate.file.header));
    if (total + extra > budget) continue;
    total += extra;
    opened.add(candidate.file);
    keptHunks.add(`${files.indexOf(candidate.file)}:${candidate.h}`);
  }
  // Headers without hunks (a mode change, a binary file) are short and valid on their own.
  for (const file of files) if (file.hunks.length === 0 && !file.generated && total + cost(...file.header) <= budget) {
    total += cost(...file.header);
    opened.add(file);
  }
  const restShown = commits.filter((commit) => {
    const extra = cost(...commit.rest);
    if (total + extra > budget) return false;
    total += extra;
    return true;
  });

  const out: OutputLine[] = [];
  const items: KeptItem[] = [];
  let hidden = 0;
  const show = (from: number, to: number): void => {
    for (let i = from; i < to; i += 1) out.push({ text: lines[i]!, source: i + 1 });
  };
  const hide = (from: number, to: number, why: string): void => {
    if (to <= from) return;
    const marker = `${PREFIX} … ${plural(to - from, "line")} hidden${why}`;
    // A plain gap shorter than its marker (the blank line after a subject) is shown: hiding it would save nothing.
    if (why === "" && cost(from, to) <= estimateTokens(marker)) return show(from, to);
    out.push({ text: marker, source: null });
    hidden += to - from;
  };
  // Everything is placed by position: commit blocks and file blocks, with whatever lies between them.
  const blocks = [
    ...commits.map((commit) => ({ start: commit.line, end: Math.max(commit.rest[1], commit.line + 1), commit, file: null })),
    ...files.map((file) => ({ start: file.header[0], end: file.hunks.at(-1)?.[1] ?? file.header[1], commit: null, file })),
  ].sort((a, b) => a.start - b.start);
  let position = 0;
  for (const block of blocks) {
    hide(position, block.start, "");
    if (block.commit) {
      const { commit } = block;
      items.push({ kind: "commit", text: commit.hash, line: commit.line + 1 });
      show(commit.line, commit.line + 1);
      if (restShown.includes(commit)) show(commit.rest[0], commit.rest[1]);
      else if (commit.subject === null) hide(commit.rest[0], commit.rest[1], "");
      else {
        hide(commit.rest[0], commit.subject, "");
        show(commit.subject, commit.subject + 1);
        hide(commit.subject + 1, commit.rest[1], "");
      }
    } else {
      const file = block.file!;
      const f = files.indexOf(file);
      items.push({ kind: `file ${file.status}`, text: `${file.path} ${changes(file)}`, line: file.header[0] + 1 });
      if (!opened.has(file)) {
        const why = file.generated ? "lockfile or generated" : file.hunks.length === 0 ? "header" : plural(file.hunks.length, "hunk");
        hide(block.start, block.end, `: ${file.path} (${file.status}) ${changes(file)} · ${why}`);
      } else {
        show(...file.header);
        let cut: [number, number] | null = null;
        let cutHunks = 0;
        const flush = (): void => {
          if (cut) hide(cut[0], cut[1], `: ${plural(cutHunks, "hunk")} of ${file.path} (${changes(file)} in all)`);
          cut = null;
          cutHunks = 0;
        };
        file.hunks.forEach((hunk, h) => {
          if (keptHunks.has(`${f}:${h}`)) {
            flush();
            show(...hunk);
          } else {
            cut = cut ? [cut[0], hunk[1]] : [hunk[0], hunk[1]];
            cutHunks += 1;
          }
        });
        flush();
      }
    }
    position = block.end;
  }
  hide(position, lines.length, "");
  const counts: Record<string, number> = {};
  if (commits.length > 0) counts.commits = commits.length;
  if (files.length > 0) {
    counts.files = files.length;
    counts.insertions = files.reduce((sum, file) => sum + file.added, 0);
    counts.deletions = files.reduce((sum, file) => sum + file.deleted, 0);
  }
  return gitResult(exitCode, counts, items, out, { what: "lines (hunks beyond the budget, lockfiles and generated files, commit details)", count: hidden });
}

const STATUS_START = /^(On branch \S|HEAD detached (at|from) |Not currently on any branch)/;
/** git's advice in parentheses under each section: the same every time, and what `git status` is not run for. */
const HINT = /^\s+\((use "git |commit or discard |fix conflicts and run |all conflicts fixed: )/;
const ENTRY = /^\t(?:(new file|modified|deleted|renamed|copied|typechange|both modified|both added|both deleted|added by us|added by them|deleted by us|deleted by them):\s+)?(.+)$/;

export function looksLikeGitStatus(lines: readonly string[]): boolean {
  return lines.length > 0 && STATUS_START.test(lines[0]!);
}

/** `git status`: the branch, every section and every path with its state; git's advice lines are cut. */
export function compressGitStatus(lines: readonly string[], exitCode: number | null): Compressed | null {
  const out: OutputLine[] = [];
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  let section = "";
  let hidden = 0;
  let gap = 0;
  const flush = (): void => {
    if (gap > 0) out.push({ text: `${PREFIX} … ${plural(gap, "line")} hidden (git's advice)`, source: null });
    hidden += gap;
    gap = 0;
  };
  lines.forEach((line, index) => {
    if (HINT.test(line)) {
      gap += 1;
      return;
    }
    flush();
    out.push({ text: line, source: index + 1 });
    if (/^\S.*:$/.test(line)) section = line.slice(0, -1);
    const entry = ENTRY.exec(line);
    if (entry) {
      const state = entry[1] ?? (section.startsWith("Untracked") ? "untracked" : section.startsWith("Ignored") ? "ignored" : "listed");
      const staged = section.startsWith("Changes to be committed") ? "staged " : "";
      items.push({ kind: `${staged}${state}`, text: entry[2]!, line: index + 1 });
      counts[`${staged}${state}`] = (counts[`${staged}${state}`] ?? 0) + 1;
    }
  });
  flush();
  return gitResult(exitCode, counts, items, out, { what: "lines of git's advice", count: hidden });
}

/** git's verdict is its exit code: there is nothing to pass or fail in a diff, only whether git ran. */
function gitResult(exitCode: number | null, counts: Record<string, number>, items: KeptItem[], lines: OutputLine[], omitted: Omission): Compressed {
  return parsedOutput("git", exitCode, false, { counts, items }, { out: lines, hidden: omitted.count }, omitted.what);
}
