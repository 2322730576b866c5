import { performance } from "node:perf_hooks";
import { findSymbols, memberName, parseSymbolQuery } from "../../core/traverse/find-symbols.js";
import { settleCallee, settleCaller, spanOf, type DeclarationSpan, type ExactCheck, type Settlement } from "../../core/traverse/settle-candidates.js";
import type { TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";
import type { SymbolRow } from "../../formats/symbol-index.js";
import { checkerFiles, workspaceSources } from "../../io/checker-files.js";
import { hashFiles } from "../../io/hash-files.js";
import { loadOverrideLookup, loadSymbolLookup, openIndexReader } from "../../io/lookup-cache.js";
import type { RepoPath } from "../../model.js";

/** Files the checker reads: TypeScript and JavaScript. */
const CHECKED = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** An answer with what `--exact` did; `exact` is absent when the answer was not one to settle (a stale or unknown declaration). */
export type ExactTraverseResult = TraverseResult & { exact?: ExactCheck };

const qualifiedName = (row: SymbolRow): string => (row.container ? `${row.container}.${row.name}` : row.name);

/**
 * `ctx traverse Caller|Callee … --exact`: the candidate sites of an answer settled by the TypeScript
 * checker, over a program of only their files and what those import. A site proved to call the
 * declaration becomes a hit marked `exact`; one proved to call something else leaves the candidates;
 * the rest stay. An answer that is neither a hit nor a declaration without resolved calls is returned as it is.
 */
export async function settleExactly(root: string, result: TraverseResult): Promise<ExactTraverseResult> {
  if (result.status === "miss" && result.reason !== "no-calls") return result;
  const started = performance.now();
  const candidates = result.candidates ?? [];
  const checked = candidates.filter((hit) => CHECKED.test(hit.path));
  const exact: ExactCheck = { sites: checked.length, files: new Set(checked.map((hit) => hit.path)).size, programFiles: 0, ms: 0, calls: 0, other: 0, unsettled: 0, skipped: candidates.length - checked.length, pastLimit: result.candidatesMore ?? 0, missingPackages: [] };
  if (checked.length === 0) return { ...result, exact: { ...exact, unsettled: candidates.length, ms: elapsed(started) } };

  const reader = await openIndexReader(root);
  const indexed = new Set<RepoPath>(reader ? (await reader.routing()).paths() : []);
  const isIndexed = (path: RepoPath): boolean => indexed.has(path);
  const callers = result.kind === "Caller";
  // The declaration the answer is about (through an alias, the aliased one's).
  const query = parseSymbolQuery(result.aliasOf ? `${result.aliasOf.path}:${result.aliasOf.name}` : result.query);
  const targets = callers ? await targetSpans(root, query) : [];

  const { checkCallSites } = await import("../../analysis/check-call-sites.js");
  const answer = checkCallSites({
    root,
    sites: checked.map((hit) => ({ path: hit.path, line: hit.line ?? 0, name: memberName(String(hit.callee)) })),
    files: checkerFiles,
    toSource: await workspaceSources(root, indexed),
  });
  exact.programFiles = answer.programFiles;
  exact.missingPackages = answer.missingPackages;

  const promoted: TraverseHit[] = [];
  const left: TraverseHit[] = candidates.filter((hit) => !CHECKED.test(hit.path));
  for (const [i, hit] of checked.entries()) {
    const uses = answer.uses[i] ?? [];
    const settled: Settlement = callers ? settleCaller(uses, targets, isIndexed) : settleCallee(uses, isIndexed);
    const row = settled.verdict === "calls" ? (callers ? spanOf(settled.declaration, targets) : spanOf(settled.declaration, await rowsNamed(root, memberName(String(hit.callee))))) : undefined;
    if (settled.verdict === "calls" && row) {
      exact.calls += 1;
      const callee = qualifiedName(row);
      promoted.push({ ...hit, signature: `${String(hit.via)} ${callee}`, callee, calleeKind: row.kind, calleePath: row.path, calleeLine: row.line, depth: 1, parent: null, exact: true });
    } else if (settled.verdict === "other") {
      exact.other += 1;
    } else {
      exact.unsettled += 1;
      left.push(hit);
    }
  }
  // A declaration's lines are the index's: its file must be as indexed for a site to be put on it.
  const changed = await changedSinceIndexing(root, query.name, promoted.map((hit) => String(hit.calleePath)));
  for (const hit of promoted.filter((site) => changed.has(String(site.calleePath)))) {
    exact.calls -= 1;
    exact.unsettled += 1;
    left.push(candidates.find((candidate) => candidate.path === hit.path && candidate.line === hit.line)!);
  }
  const proved = promoted.filter((hit) => !changed.has(String(hit.calleePath)));
  left.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.line ?? 0) - (b.line ?? 0));
  exact.unsettled += exact.skipped;
  exact.ms = elapsed(started);
  const hits = [...result.hits, ...proved];
  // The grep account counted the candidates as sites: those settled elsewhere are other declarations' calls.
  const mentions = result.mentions && exact.other > 0 ? { mentions: { ...result.mentions, sites: result.mentions.sites - exact.other, otherCalls: result.mentions.otherCalls + exact.other } } : {};
  if (result.status === "miss" && proved.length === 0) {
    // The miss said how many sites matched by name: say what the checker made of them instead.
    const detail = left.length === 0 ? `"${result.query}" is indexed and nothing calls it: the checker settled every call of that name as another declaration's` : result.detail;
    return { ...result, ...mentions, candidates: left, exact, detail };
  }
  return { ...result, ...mentions, status: "hit", hits, total: result.total + proved.length, candidates: left, exact, reason: null, detail: null, fallback: null };
}

const elapsed = (started: number): number => Math.round(performance.now() - started);

/** The files among `paths` whose content is not what the index recorded. */
async function changedSinceIndexing(root: string, name: string, paths: readonly RepoPath[]): Promise<Set<RepoPath>> {
  if (paths.length === 0) return new Set();
  const lookup = (await loadSymbolLookup(root, name))?.files;
  await lookup?.load(paths);
  const observed = hashFiles(root, paths);
  return new Set(paths.filter((path) => observed.get(path) === null || observed.get(path) !== lookup?.get(path)?.sha256));
}

async function rowsNamed(root: string, name: string): Promise<SymbolRow[]> {
  return (await loadSymbolLookup(root, name))?.rows ?? [];
}

/**
 * The declarations whose calls a Caller answer counts: those the query names, the members they
 * override and the members overriding those (call_index.md's Overrides).
 */
async function targetSpans(root: string, query: ReturnType<typeof parseSymbolQuery>): Promise<(SymbolRow & DeclarationSpan)[]> {
  const rows = await rowsNamed(root, query.name);
  const known = findSymbols(rows, query);
  const overrides = (await loadOverrideLookup(root, query.name))?.rows ?? [];
  const at = (place: { path: RepoPath; line: number }): string => `${place.path}:${place.line}`;
  const keys = new Set(known.map(at));
  for (let grew = true; grew; ) {
    grew = false;
    for (const { member, base } of overrides) {
      for (const [from, to] of [[member, base], [base, member]] as const) {
        if (keys.has(at(from)) && !keys.has(at(to))) {
          keys.add(at(to));
          grew = true;
        }
      }
    }
  }
  return rows.filter((row) => keys.has(at(row)));
}
