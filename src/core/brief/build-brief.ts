import type { SymbolRow } from "../../formats/symbol-index.js";
import type { RoutingTable } from "../../formats/routing-table.js";
import type { CallEdge, EndpointRecord, ModuleRecord, RepoPath } from "../../model.js";
import { findEndpoints } from "../traverse/find-endpoints.js";
import type { Recall, RecalledFix, RecalledLesson } from "../memory/recall-memory.js";
import type { RejectedCandidate } from "../traverse/traverse-result.js";
import type { RouteHandler } from "../traverse/route-handlers.js";
import { classifyTask, type Lane, type QueryKind } from "./classify-task.js";
import type { TaskQuery } from "./parse-task.js";
import { explainFiles, rankFiles, scoreFiles, WEIGHTS, type FileScores, type RankedFile, type WorkingTree } from "./rank-files.js";
import type { RoutingSymbol } from "./routing-terms.js";
import type { DeclarationMatch } from "./score-declarations.js";
import { stem as stemOf } from "./sub-words.js";

export type Role = "planner" | "builder" | "reviewer";
export const ROLES: readonly Role[] = ["planner", "builder", "reviewer"];

export interface BriefGit {
  available: boolean;
  head: string | null;
  branch: string | null;
  staged: RepoPath[];
  unstaged: RepoPath[];
  untracked: RepoPath[];
}

export interface BriefIndex {
  present: boolean;
  /** The HEAD the index content was built at. */
  head: string | null;
  /** Indexed files that differ from that HEAD now (committed since, or uncommitted); null when git cannot tell. */
  changedSince: number | null;
  /** Whether the words inside declarations are there to route by (.ai/.cache/lexicon, written by `ctx index`). */
  words: boolean;
}

export interface BriefHandoff {
  present: boolean;
  objective: string | null;
  next: string | null;
  /**
   * Problems found by the handoff gate's text rules (sections, placeholders, TODOs, steps,
   * commands); cited paths and symbols are left to `ctx validate-handoff`. Null without a handoff.
   */
  problems: number | null;
}

export interface Brief {
  task: string | null;
  /** Where the task text came from when none was given. */
  taskFrom: "argument" | "handoff" | null;
  role: Role | null;
  git: BriefGit;
  index: BriefIndex;
  handoff: BriefHandoff;
  lane: Lane | null;
  laneReason: string | null;
  risk: string[];
  kind: QueryKind | null;
  modules: { name: string; paths: RepoPath[]; reason: string }[];
  symbols: { name: string; kind: string; path: RepoPath; line: number; signature: string }[];
  endpoints: { method: string; route: string; handler: string; path: RepoPath; line: number }[];
  /** `at`: the declaration to start at (its lines), while the file is as indexed. */
  files: { path: RepoPath; score: number; reasons: string[]; at: { name: string; line: number; endLine: number | null } | null }[];
  /** Candidates dropped because their file changed since indexing. */
  rejected: RejectedCandidate[];
  /** What memory recalls for the task (ctx complete-task records it). */
  incidents: RecalledFix[];
  hot: RecalledFix[];
  brain: RecalledLesson[];
  next: string;
  /** The command that runs ctx in this repository (`node_modules/.bin/ctx` where it is a dev dependency): what the text's hints quote. */
  invocation: string;
}

export interface BriefInput {
  task: string | null;
  taskFrom: Brief["taskFrom"];
  query: TaskQuery | null;
  role: Role | null;
  git: BriefGit;
  index: BriefIndex;
  handoff: BriefHandoff;
  table: RoutingTable;
  /** Rows of the symbol shards of each of the task's identifiers. */
  symbolRows: ReadonlyMap<string, readonly SymbolRow[]>;
  /** Call edges into each of the task's identifiers' names (the callers shard rows, unfiltered). */
  callEdges: ReadonlyMap<string, readonly CallEdge[]>;
  /** Files holding each identifier the task names that the index does not declare (see undeclaredIdentifiers). */
  mentions: ReadonlyMap<string, readonly RepoPath[]>;
  /** Each file's best declaration by the words inside it (empty without a lexicon). */
  declarations: ReadonlyMap<RepoPath, DeclarationMatch>;
  /** Files earlier commits worded like the task changed, by similarity (empty without a history). */
  history: ReadonlyMap<RepoPath, number>;
  endpoints: readonly EndpointRecord[];
  /** Where the index linked each matched route's handler expression, by `endpointKey` (see routeHandlers). */
  handlers: ReadonlyMap<string, RouteHandler>;
  modules: readonly ModuleRecord[];
  /** `npm test`-like command when the repository has one. */
  testCommand: string | null;
  /** The command that runs ctx in this repository (`node_modules/.bin/ctx`, `ctx`, …): what a next step tells the agent to run. */
  invocation: string;
  memory: Recall;
  /** Whether each file still has its indexed hash (absent: not checked). */
  fresh: (path: RepoPath) => boolean | undefined;
}

const LIMITS = { files: 15, symbols: 10, endpoints: 10, modules: 5 } as const;
/** How many files `next:` offers to read first when none leads clearly. */
const READ_FIRST = 2;

/** More files declaring a task verb's name than this (a framework's `use`), and the word says nothing of where to look. */
const MAX_PLAIN_NAMED_FILES = 3;

/**
 * Declarations the task names exactly: `Foo`, `Foo.bar` (container-qualified) or a path's `name`;
 * and a task verb written as a name that is an exported top-level declaration's (`add` in "make add handle bigints").
 */
export function namedSymbols(query: TaskQuery, shards: ReadonlyMap<string, readonly SymbolRow[]>): SymbolRow[] {
  const found = new Map<string, SymbolRow>();
  for (const identifier of query.identifiers) {
    const dot = identifier.lastIndexOf(".");
    const name = dot > 0 ? identifier.slice(dot + 1) : identifier;
    const container = dot > 0 ? identifier.slice(0, dot) : null;
    for (const row of shards.get(name) ?? []) {
      if (row.name !== name) continue;
      if (container !== null && row.container !== container && !row.container.endsWith(`.${container}`)) continue;
      found.set(`${row.path}:${row.line}:${row.container}.${row.name}`, row);
    }
  }
  for (const name of query.names) {
    // A verb names code only as an exported top-level declaration of exactly that name, and only in a
    // few files: "add" means `export function add`, not every class's `add` method.
    const rows = (shards.get(name) ?? []).filter((row) => row.name === name && row.container === "" && row.exported && !row.isTest);
    if (new Set(rows.map((row) => row.path)).size > MAX_PLAIN_NAMED_FILES) continue;
    for (const row of rows) found.set(`${row.path}:${row.line}:${row.container}.${row.name}`, row);
  }
  return [...found.values()].sort(
    (a, b) => Number(a.isTest) - Number(b.isTest) || Number(b.exported) - Number(a.exported) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line,
  );
}

/** The names of the task's identifiers that no indexed declaration has: a file search looks for them. */
export function undeclaredIdentifiers(query: TaskQuery | null, shards: ReadonlyMap<string, readonly SymbolRow[]>): string[] {
  if (!query) return [];
  const names = query.identifiers.map((id) => id.slice(id.lastIndexOf(".") + 1));
  return [...new Set(names)].filter((name) => name.length >= 4 && !(shards.get(name) ?? []).some((row) => row.name === name)).sort();
}

/** Files the task's identifiers, paths and routes ask for exactly: the ones to hash before answering. */
export function candidatesOf(input: Pick<BriefInput, "query" | "symbolRows" | "endpoints">): { symbols: SymbolRow[]; endpoints: EndpointRecord[] } {
  if (!input.query) return { symbols: [], endpoints: [] };
  const symbols = namedSymbols(input.query, input.symbolRows);
  const endpoints = input.query.routes.flatMap((route) => findEndpoints(input.endpoints, { method: route.method, text: route.route }));
  return { symbols, endpoints: [...new Map(endpoints.map((e) => [endpointKey(e), e])).values()] };
}

function matchedModules(query: TaskQuery, modules: readonly ModuleRecord[]): Brief["modules"] {
  const found: Brief["modules"] = [];
  for (const module of modules) {
    if (module.orphaned) continue;
    const name = module.name.toLowerCase();
    const keyword = (module.keywords ?? []).find((word) => query.words.has(word.toLowerCase()));
    if (query.words.has(name) || query.paths.some((path) => module.paths.some((root) => path.startsWith(`${root}/`)))) found.push({ name: module.name, paths: module.paths, reason: "named in the task" });
    else if (keyword) found.push({ name: module.name, paths: module.paths, reason: `keyword ${keyword}` });
  }
  return found;
}

/** The first concrete step for the lane and role. */
function nextStep(brief: Omit<Brief, "next">, anchor: string | null, testCommand: string | null, ctx: string, readFirst: readonly string[] | null = null): string {
  const dirty = [...new Set([...brief.git.staged, ...brief.git.unstaged])];
  if (brief.role === "reviewer") {
    return dirty.length > 0 ? `review the uncommitted diff: git diff HEAD -- ${dirty.slice(0, 5).join(" ")}${dirty.length > 5 ? " …" : ""}` : "review the last commit: git show --stat HEAD";
  }
  if (brief.role === "builder" && brief.handoff.problems) {
    return `make the handoff pass first: ${ctx} validate-handoff (${brief.handoff.problems} problem${brief.handoff.problems === 1 ? "" : "s"})`;
  }
  if (brief.role === "builder" && brief.handoff.next) return `follow the handoff: ${brief.handoff.next}`;
  if (!brief.lane) return brief.handoff.next ? `follow the handoff: ${brief.handoff.next}` : `route a task: ${ctx} brief "<what you are about to do>"`;
  const verify = testCommand ? `; verify with ${testCommand}` : "";
  const handoff = brief.handoff.present ? ".ai/HANDOFF.md" : `.ai/HANDOFF.md (\`${ctx} init\` creates it)`;
  if (!anchor) return brief.lane === "Answer" ? "no indexed file matches: search narrowly (rg -n -w <word>)" : `no indexed file matches: search narrowly, then plan in ${handoff}`;
  if (readFirst && readFirst.length > 1) {
    const first = `read first: ${readFirst.join(", ")}`;
    if (brief.lane === "Answer") return first;
    if (brief.lane === "Small") return `${first}; then edit the one that holds the change${verify}`;
    return `${first}; then plan in ${handoff}`;
  }
  if (brief.lane === "Answer") return `read ${anchor}`;
  if (brief.lane === "Small") return `edit ${anchor}${verify}`;
  return brief.role === "builder" ? `start at ${anchor}, following .ai/HANDOFF.md${verify}` : `plan in ${handoff}, starting from ${anchor}`;
}

/** What a brief routes from: the task and the index, nothing of git. */
export type BriefRouting = Pick<BriefInput, "query" | "table" | "symbolRows" | "callEdges" | "mentions" | "endpoints" | "handlers" | "modules" | "fresh" | "declarations" | "history">;

/** One endpoint among the brief's candidates: its registration and route. */
export const endpointKey = (e: EndpointRecord): string => `${e.path}:${e.line}:${e.method}:${e.route}`;

/** The exact matches whose files are fresh, the modules the task names, and every file scored. */
export interface BriefScores {
  symbols: SymbolRow[];
  endpoints: EndpointRecord[];
  modules: Brief["modules"];
  scores: FileScores | null;
  rejected: RejectedCandidate[];
}

export interface BriefRanking extends Omit<BriefScores, "scores"> {
  ranked: RankedFile[];
}

/**
 * The routing half of a brief, before git: `input.fresh` must know every candidate's file (see
 * candidatesOf). rankBrief then orders the files once git has said what changed.
 */
export function scoreBrief(input: BriefRouting): BriefScores {
  const { query } = input;
  if (!query) return { symbols: [], endpoints: [], modules: [], scores: null, rejected: [] };
  const candidates = candidatesOf(input);
  const rejected = new Map<RepoPath, RejectedCandidate>();
  const isFresh = (path: RepoPath): boolean => {
    const fresh = input.fresh(path);
    if (fresh !== true) rejected.set(path, { path, reason: fresh === false ? "modified" : "unverifiable" });
    return fresh === true;
  };
  const symbols = candidates.symbols.filter((row) => isFresh(row.path));
  const endpoints = candidates.endpoints.filter((endpoint) => [endpoint.path, ...endpoint.mounts.map((m) => m.path)].every(isFresh));
  const modules = matchedModules(query, input.modules);
  // Callers of what the task names exactly, landing on the fresh declaration itself.
  const callers = symbols.flatMap((row) => {
    const qualified = row.container ? `${row.container}.${row.name}` : row.name;
    return (input.callEdges.get(row.name) ?? [])
      .filter((edge) => edge.target !== null && edge.target.path === row.path && edge.target.line === row.line && edge.path !== row.path)
      .map((edge) => ({ path: edge.path, callee: qualified }));
  });
  const handlers = endpoints.flatMap((endpoint) => {
    const handler = input.handlers.get(endpointKey(endpoint));
    return handler && isFresh(handler.path) ? [{ ...handler, route: `${endpoint.method} ${endpoint.route}` }] : [];
  });
  const scores = scoreFiles({
    query,
    table: input.table,
    symbols,
    endpoints,
    handlers,
    modules: input.modules.filter((m) => modules.some((found) => found.name === m.name)),
    callers,
    mentions: input.mentions,
    declarations: input.declarations,
    history: input.history,
  });
  return { symbols, endpoints, modules, scores, rejected: [...rejected.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

/** Every scored file ranked, uncommitted and recent changes taken into account. The command then checks the top files' freshness before buildBrief. */
export function rankBrief(scored: BriefScores, tree: WorkingTree): BriefRanking {
  const { scores, ...rest } = scored;
  return { ...rest, ranked: scores ? rankFiles(scores, tree) : [] };
}

/** Uncommitted and recently committed files, from the brief's git section. */
export function workingTree(git: BriefGit, recent: ReadonlyMap<RepoPath, number>): WorkingTree {
  return { dirty: new Set([...git.staged, ...git.unstaged, ...git.untracked]), recent };
}

/** The files a brief shows: the command checks their freshness and reads their symbols before buildBrief. */
export function shownFiles(ranking: BriefRanking): RankedFile[] {
  return ranking.ranked.slice(0, LIMITS.files);
}

/**
 * The brief: classification, routing and the next step, from values the command loaded.
 * `symbols`: the routing symbols of the shown files, by path, to spell out their word matches.
 */
export function buildBrief(input: BriefInput, ranking: BriefRanking, symbols: ReadonlyMap<RepoPath, readonly RoutingSymbol[]> = new Map()): Brief {
  const { query } = input;
  const base = {
    task: input.task,
    taskFrom: input.taskFrom,
    role: input.role,
    git: input.git,
    index: input.index,
    handoff: input.handoff,
    ...input.memory,
    invocation: input.invocation,
  };
  if (!query) {
    const brief = { ...base, lane: null, laneReason: null, risk: [], kind: null, modules: [], symbols: [], endpoints: [], files: [], rejected: [] };
    return { ...brief, next: nextStep(brief, null, input.testCommand, input.invocation) };
  }
  const { endpoints, modules, rejected } = ranking;
  const named = ranking.symbols;
  // Reasons quote the task's own words, not their stems (`charge`, not `charg`).
  const spelled = new Map<string, string>();
  for (const word of query.words) if (!spelled.has(stemOf(word))) spelled.set(stemOf(word), word);
  const spell = (term: string): string => spelled.get(term) ?? term;
  const ranked = [...explainFiles(ranking.ranked.slice(0, LIMITS.files), (file) => symbols.get(file.path), spell), ...ranking.ranked.slice(LIMITS.files)];
  const classification = classifyTask(query, ranked, { symbols: named.length, endpoints: endpoints.length, modules: modules.length });
  // A ranked file that changed since indexing keeps its place but says so: its lines may have moved.
  const files = ranked.slice(0, LIMITS.files).map((file) => ({
    path: file.path,
    score: file.score,
    reasons: input.fresh(file.path) === false ? [...file.reasons, "changed since indexed: lines may have moved"] : file.reasons,
    at: file.anchor && input.fresh(file.path) === true ? { name: file.anchor.name, line: file.anchor.line, endLine: file.anchor.endLine ?? null } : null,
  }));
  const brief: Omit<Brief, "next"> = {
    ...base,
    lane: classification.lane,
    laneReason: classification.laneReason,
    risk: classification.risk,
    kind: classification.kind,
    modules: modules.slice(0, LIMITS.modules),
    symbols: named.slice(0, LIMITS.symbols).map((row) => ({
      name: row.container ? `${row.container}.${row.name}` : row.name,
      kind: row.kind,
      path: row.path,
      line: row.line,
      signature: row.signature,
    })),
    endpoints: endpoints.slice(0, LIMITS.endpoints).map(({ method, route, handler, path, line }) => ({ method, route, handler, path, line })),
    files,
    rejected,
  };
  // The test that ranks highest narrows the test command to it (`npm test -- users.service`).
  const test = ranked.slice(0, LIMITS.files).find((file) => file.isTest);
  const stem = test?.path.split("/").pop()?.replace(/\.(?:test|spec)\.[^.]+$|\.[^.]+$/, "");
  const testCommand = input.testCommand && stem ? `${input.testCommand} -- ${stem}` : input.testCommand;
  const readFirst = confident(ranked)
    ? null
    : ranked
        .filter((file) => !file.isTest)
        .slice(0, READ_FIRST)
        .map((file) => placeOf(file, brief, input.fresh));
  return { ...brief, next: nextStep(brief, anchorOf(ranked, brief, input.fresh), testCommand, input.invocation, readFirst) };
}

/**
 * Where to start: the best-ranked source file (a test only when nothing else matched), at the
 * declaration the task names in it or the one its words matched — a line only while the file is
 * as indexed.
 */
function anchorOf(ranked: readonly RankedFile[], brief: Pick<Brief, "symbols">, fresh: BriefInput["fresh"]): string | null {
  const top = ranked.find((file) => !file.isTest) ?? ranked[0];
  return top ? placeOf(top, brief, fresh) : null;
}

/** A file as a place to read: `path:line-end \`name\`` at its anchor, the path alone while it differs from the index. */
function placeOf(file: RankedFile, brief: Pick<Brief, "symbols">, fresh: BriefInput["fresh"]): string {
  if (fresh(file.path) !== true) return file.path;
  const named = brief.symbols.find((symbol) => symbol.path === file.path);
  if (named) return `${file.path}:${named.line} \`${named.name}\``;
  if (!file.anchor) return file.path;
  const end = file.anchor.endLine !== undefined && file.anchor.endLine > file.anchor.line ? `-${file.anchor.endLine}` : "";
  return `${file.path}:${file.anchor.line}${end} \`${file.anchor.name}\``;
}

/**
 * Whether the best file is likely the one: the task names it or what it declares, it leads the
 * next by a clear margin, or its score says several signals agree on it and it leads. Otherwise `next:` offers the first few to read instead of one to edit.
 */
export function confident(ranked: readonly Pick<RankedFile, "score" | "reasons" | "isTest">[]): boolean {
  const sources = ranked.filter((file) => !file.isTest);
  const [first, second] = sources.length > 0 ? sources : ranked;
  if (!first) return false;
  if (first.reasons.some((r) => r === "named in the task" || r.startsWith("defines ") || r.startsWith("route "))) return true;
  if (!second || first.score <= 0) return true;
  const margin = (first.score - second.score) / first.score;
  // Or several signals agree on it (words, declarations, history add up), and it still leads.
  return margin >= WEIGHTS.nextMargin || (first.score >= WEIGHTS.nextAgreed && margin >= WEIGHTS.nextAgreedMargin);
}
