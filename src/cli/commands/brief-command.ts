import { join } from "node:path";
import { buildBrief, candidatesOf, endpointKey, namedSymbols, rankBrief, scoreBrief, shownFiles, undeclaredIdentifiers, workingTree, type Brief, type BriefGit, type BriefHandoff, type BriefIndex, type Role } from "../../core/brief/build-brief.js";
import { parseTask, withDeclaredVerbs } from "../../core/brief/parse-task.js";
import { parseRoutingSymbols, RoutingTable } from "../../formats/routing-table.js";
import { readFileIndexMeta } from "../../formats/file-index.js";
import { invocationAt } from "../../io/locate-ctx.js";
import { openLexicon } from "../../io/lexicon-store.js";
import { readHistory } from "../../io/history-store.js";
import { scoreHistory } from "../../core/brief/score-history.js";
import { scoreDeclarations, type DeclarationMatch } from "../../core/brief/score-declarations.js";
import { mentionCandidates } from "../../core/brief/mention-candidates.js";

import { parseHandoff, summarizeHandoff, type Handoff } from "../../formats/handoff.js";
import { gitChangedSince, gitRecentCommits, gitStatus } from "../../io/git.js";
import { recentChanges } from "../../core/brief/recent-changes.js";
import { hashFiles } from "../../io/hash-files.js";
import { findMentions } from "../../io/find-mentions.js";
import { aiPath, hasMemory } from "../../io/index-store.js";
import { readHeadIfExists, readIfReadable } from "../../io/atomic-write.js";
import { openIndexReader, type IndexReader } from "../../io/lookup-cache.js";
import { findRepoRoot } from "../../io/repo-root.js";
import type { Recall } from "../../core/memory/recall-memory.js";
import { handlerShard, routeHandlers, type RouteHandler } from "../../core/traverse/route-handlers.js";
import type { RepoPath } from "../../model.js";
import type { PhaseClock } from "../phase-clock.js";

export interface BriefOptions {
  cwd: string;
  task: string | null;
  role: Role | null;
}

/** Commits whose changed files count as "changed recently". */
const RECENT_COMMITS = 30;
/** Matched routes whose handler is looked up in the call index (one shard read each). */
const HANDLERS_LINKED = 5;

// NOTE: the handoff rules and memory are imported only when there is a handoff or memory to read:
// each module loaded costs every brief startup time, and most repositories have neither yet.

/** What the handoff gate's text rules find; the brief leaves paths and symbols to `ctx validate-handoff`. */
async function handoffProblems(handoff: Handoff): Promise<number> {
  const [{ checkHandoffText }, { findCitations }] = await Promise.all([import("../../core/handoff/validate-handoff.js"), import("../../core/handoff/find-citations.js")]);
  return checkHandoffText(handoff, findCitations(handoff)).errors.length;
}

/** What memory recalls for the task: recorded fixes for an error it quotes, lessons sharing its words. */
async function recall(root: string, task: string | null): Promise<Recall> {
  if (!task || !hasMemory(root)) return { hot: [], incidents: [], brain: [] };
  const [{ recallMemory }, { readCachedErrors, readMemory }] = await Promise.all([import("../../core/memory/recall-memory.js"), import("../../io/read-memory.js")]);
  return recallMemory(task, readCachedErrors(root).cached, readMemory(root, { entries: false }));
}



/** Reads what a brief needs — git, the handoff, the index — and writes nothing. `clock` is told where the time goes. */
export async function runBrief(options: BriefOptions, clock?: PhaseClock): Promise<Brief> {
  const root = findRepoRoot(options.cwd);
  // Git first: its processes run while the index is read and the files are scored.
  const pending = {
    status: gitStatus(root),
    recent: gitRecentCommits(root, RECENT_COMMITS).then(recentChanges),
  };
  // Small files are read synchronously: there is nothing to do meanwhile but wait (the same below).
  const packageText = readIfReadable(join(root, "package.json"));
  // The header only: the file lists every indexed file, and a brief needs the HEAD it was built at.
  const fileIndexText = readHeadIfExists(aiPath(root, "file_index.md"), 4096);
  const handoffText = readIfReadable(aiPath(root, "HANDOFF.md"));
  const reader = await openIndexReader(root);
  const parsedHandoff = handoffText === undefined ? null : parseHandoff(handoffText);
  const summary = parsedHandoff && summarizeHandoff(parsedHandoff);
  const task = options.task?.trim() || summary?.objective || null;
  const parsed = task ? parseTask(task) : null;
  // Endpoints are read only for a task that names a route: on a large service the table is big.
  const [table, endpoints, modules, symbolRows, callEdges] = await Promise.all([
    reader?.routing() ?? new RoutingTable(Buffer.alloc(0)),
    (parsed?.routes.length && reader?.endpoints()) || [],
    reader?.modules() ?? [],
    byName(reader, parsed ? [...parsed.identifiers, ...parsed.names] : [], (index, name) => index.symbolsNamed(name)),
    byName(reader, parsed?.identifiers ?? [], (index, name) => index.callsTo(name)),
  ]);
  const query = parsed && withDeclaredVerbs(parsed, namedSymbols(parsed, symbolRows).map((row) => row.name));
  clock?.mark("read the index");
  const undeclared = undeclaredIdentifiers(query, symbolRows);
  const lexicon = openLexicon(root);
  // With a lexicon only the files holding an identifier's words are read; without one, every file.
  const mentionPaths = undeclared.length === 0 ? [] : lexicon ? mentionCandidates(lexicon, undeclared) : table.paths();
  const mentions = findMentions(root, mentionPaths, undeclared);
  clock?.mark("find mentions");

  // Freshness, as traverse decides it: the recorded hash against the file as it is now.
  const observed = new Map<RepoPath, string | null>();
  const fresh = (path: RepoPath): boolean | undefined => {
    if (!observed.has(path)) return undefined;
    const recorded = reader?.files.get(path)?.sha256;
    return recorded !== undefined && observed.get(path) === recorded;
  };
  const observe = async (paths: readonly RepoPath[]): Promise<void> => {
    const unseen = [...new Set(paths)].filter((path) => !observed.has(path));
    const [hashes] = await Promise.all([hashFiles(root, unseen), reader?.files.load(unseen)]);
    for (const [path, hash] of hashes) observed.set(path, hash);
  };
  const declarations = lexicon && query ? scoreDeclarations(query.terms, lexicon) : new Map<RepoPath, DeclarationMatch>();
  const history = query && query.terms.length > 0 ? scoreHistory(query.terms, readHistory(root)) : new Map<RepoPath, number>();
  const candidates = candidatesOf({ query, symbolRows, endpoints });
  // Where each matched route's handler is declared: the file its work is done in.
  const handlers = new Map<string, RouteHandler>();
  for (const endpoint of candidates.endpoints.slice(0, HANDLERS_LINKED)) {
    const linked = reader ? routeHandlers(endpoint, await reader.callsTo(handlerShard(endpoint))) : [];
    if (linked.length === 1) handlers.set(endpointKey(endpoint), linked[0]!);
  }
  const routing = { query, table, symbolRows, callEdges, mentions, endpoints, handlers, modules, fresh, declarations, history } as const;
  await observe([...candidates.symbols.map((s) => s.path), ...candidates.endpoints.flatMap((e) => [e.path, ...e.mounts.map((m) => m.path)]), ...[...handlers.values()].map((h) => h.path)]);
  clock?.mark("score words and check candidates");
  // Scored before git is waited for: its processes run meanwhile.
  const scored = scoreBrief(routing);
  clock?.mark("rank files");

  // A malformed header is traverse's to report (it reads the whole file); a brief only says it cannot tell.
  let indexHead: string | null;
  try {
    indexHead = fileIndexText === undefined ? null : readFileIndexMeta(fileIndexText, ".ai/file_index.md").head;
  } catch {
    indexHead = null;
  }
  // Built at HEAD: what differs from it is what status lists (renames apart), no diff needed.
  const changedSince = pending.status.then((status) => {
    if (!indexHead || !status) return null;
    return status.head === indexHead ? [...new Set([...status.staged, ...status.unstaged])] : gitChangedSince(root, indexHead);
  });
  const [status, recent, changed] = await Promise.all([pending.status, pending.recent, changedSince]);
  clock?.mark("wait for git");
  const git: BriefGit = status
    ? { available: true, head: status.head, branch: status.branch, staged: status.staged, unstaged: status.unstaged, untracked: status.untracked }
    : { available: false, head: null, branch: null, staged: [], unstaged: [], untracked: [] };
  const handoff: BriefHandoff = { present: summary !== null, objective: summary?.objective ?? null, next: summary?.next ?? null, problems: parsedHandoff && (await handoffProblems(parsedHandoff)) };
  const taskFrom = options.task?.trim() ? "argument" : task ? "handoff" : null;
  // Behind: of the files git says changed since the index's HEAD, those the index holds with another hash.
  await observe(changed ?? []);
  const index: BriefIndex = {
    present: reader !== null,
    words: lexicon !== null,
    head: indexHead,
    changedSince: changed === null ? null : changed.filter((path) => reader?.files.get(path) !== undefined && fresh(path) === false).length,
  };
  const testCommand = packageText && /"test"\s*:/.test(packageText) ? "npm test" : null;
  const ranking = rankBrief(scored, workingTree(git, recent));
  const shown = shownFiles(ranking);
  const [texts] = await Promise.all([reader?.routingSymbols(shown.map((file) => table.symbolsAt(file.entry))) ?? [], observe(shown.map((file) => file.path))]);
  const symbols = new Map(shown.map((file, i) => [file.path, parseRoutingSymbols(texts[i] ?? "")]));
  const memory = await recall(root, task);
  const invocation = invocationAt(root);
  const brief = buildBrief({ ...routing, task, taskFrom, role: options.role, git, index, handoff, testCommand, memory, invocation }, ranking, symbols);
  clock?.mark("handoff, memory and the files shown");
  return brief;
}

/** What `load` gives for the name (last segment) of each identifier the task names. */
async function byName<T>(reader: IndexReader | null, identifiers: readonly string[], load: (reader: IndexReader, name: string) => Promise<T[]>): Promise<Map<string, T[]>> {
  const names = [...new Set(identifiers.map((id) => id.slice(id.lastIndexOf(".") + 1)))];
  const found = new Map<string, T[]>();
  if (!reader) return found;
  await Promise.all(names.map(async (name) => found.set(name, await load(reader, name))));
  return found;
}
