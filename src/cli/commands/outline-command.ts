import { UsageError } from "../../errors.js";
import { outlineEntries, type OutlineEntry } from "../../core/read/outline-entries.js";
import { leavesRepository } from "../../core/traverse/find-modules.js";
import { fallbackCommand, RG_FILES } from "../../core/traverse/conclude-traverse.js";
import type { RejectedCandidate } from "../../core/traverse/traverse-result.js";
import type { RepoPath } from "../../model.js";
import { spokenAs } from "../../core/init/agent-instructions.js";
import { invocationAt } from "../../io/locate-ctx.js";
import { openIndexReader } from "../../io/lookup-cache.js";
import { readDeclarations, wasRead } from "../../io/read-declarations.js";
import { findRepoRoot } from "../../io/repo-root.js";

export interface OutlineOptions {
  cwd: string;
  target: string;
}

export interface OutlineFile {
  path: RepoPath;
  state: "fresh" | "parsed";
  entries: OutlineEntry[];
}

export interface OutlineResult {
  status: "hit" | "miss";
  target: string;
  /** What the target named: one file (every declaration), or a folder or module (each file's top level). */
  scope: "file" | "folder" | "module" | null;
  files: OutlineFile[];
  rejected: RejectedCandidate[];
  reason: "not-indexed" | "no-match" | "stale" | null;
  detail: string | null;
  fallback: string | null;
}

const NOT_INDEXED = "no index under .ai/; run `ctx index` first";

/** The declarations of a file, or the top-level ones of each file of a folder or module, as they are now. */
export async function runOutline(options: OutlineOptions): Promise<OutlineResult> {
  const root = findRepoRoot(options.cwd);
  const result = await outlineAt(root, options.target);
  return result.detail === null ? result : { ...result, detail: spokenAs(result.detail, invocationAt(root)) };
}

async function outlineAt(root: string, target: string): Promise<OutlineResult> {
  // `.`, `./` and `` are the whole repository; `./src/` is `src`.
  const wanted = target.trim().replace(/^\.(?:\/+|$)/, "").replace(/\/+$/, "");
  if (leavesRepository(wanted)) throw new UsageError(`"${target}" is not inside the repository`, "give a file, folder or module of the repository, e.g. src/users");
  const fallback = fallbackCommand(RG_FILES, wanted === "" ? "." : wanted);
  const miss = (reason: NonNullable<OutlineResult["reason"]>, detail: string, rejected: RejectedCandidate[] = []): OutlineResult => ({
    status: "miss",
    target,
    scope: null,
    files: [],
    rejected,
    reason,
    detail,
    fallback,
  });
  const reader = await openIndexReader(root);
  if (!reader) return miss("not-indexed", NOT_INDEXED);
  const table = await reader.routing();
  const all = table.paths();
  let scope: NonNullable<OutlineResult["scope"]>;
  let paths: RepoPath[];
  const suffix = table.pathsEndingWith(wanted);
  if (wanted !== "" && (table.lineOf(wanted) !== undefined || suffix.length === 1)) {
    scope = "file";
    paths = [table.lineOf(wanted) !== undefined ? wanted : table.path(suffix[0]!)];
  } else if (wanted === "" || all.some((path) => path.startsWith(`${wanted}/`))) {
    scope = "folder";
    paths = wanted === "" ? all : all.filter((path) => path.startsWith(`${wanted}/`));
  } else {
    scope = "module";
    paths = table.linesOfModule(wanted).map((line) => table.path(line));
    if (paths.length === 0) return miss("no-match", `no indexed file, folder or module is "${wanted}"`);
  }
  const read = await readDeclarations(root, reader, table, paths);
  const files = read.filter(wasRead).map((file) => {
    const entries = outlineEntries(file.declarations, file.lines);
    return { path: file.path, state: file.state, entries: scope === "file" ? entries : topLevel(entries) };
  });
  const rejected = read.flatMap((file): RejectedCandidate[] => (wasRead(file) ? [] : [{ path: file.path, reason: file.state === "missing" ? "missing" : "unverifiable" }]));
  if (files.length === 0) return miss("stale", `${rejected.length === 1 ? "the file is" : "every file is"} gone or unreadable now`, rejected);
  return { status: "hit", target: wanted === "" ? "." : wanted, scope, files, rejected, reason: null, detail: null, fallback: null };
}

/** A folder's outline keeps each file's top level, exported first: members are one `outline <file>` away. */
function topLevel(entries: readonly OutlineEntry[]): OutlineEntry[] {
  const top = entries.filter((entry) => entry.depth === 0);
  return [...top.filter((entry) => entry.exported), ...top.filter((entry) => !entry.exported)];
}
