import { routingSymbolsOf, termWeight, type RoutingEntry } from "../../formats/routing-table.js";
import type { EndpointRecord, ModuleRecord, RepoPath } from "../../model.js";
import { pathTermsOf, type RoutingSymbol } from "./routing-terms.js";
import { personalizedPageRank } from "./personalized-page-rank.js";
import { splitIdentifier, stem } from "./sub-words.js";
import type { TaskQuery } from "./parse-task.js";

export interface RankedFile {
  path: RepoPath;
  score: number;
  reasons: string[];
  /** The declaration to start at, when a reason names one. */
  anchor: { name: string; line: number } | null;
  isTest: boolean;
}

export interface RankInput {
  query: TaskQuery;
  /** Every indexed file, in path order. */
  entries: readonly RoutingEntry[];
  /** Declarations named exactly by the task's identifiers (fresh or not: freshness is the caller's). */
  symbols: readonly { name: string; container: string; path: RepoPath; line: number }[];
  endpoints: readonly EndpointRecord[];
  modules: readonly ModuleRecord[];
  /** Files with uncommitted changes. */
  dirty: ReadonlySet<RepoPath>;
  /** How many recent commits touched each file. */
  recent: ReadonlyMap<RepoPath, number>;
}

/**
 * The weights of each signal, in points. A file named in the task, or defining an identifier the
 * task names, outranks anything found by words alone; the word score (BM25) tops out at WORDS;
 * the graph and recency only reorder close calls.
 */
export const WEIGHTS = {
  named: 12,
  defines: 9,
  route: 9,
  words: 6,
  /** A task word that is one of the file's directory or file names (`jsdom` → …/env/jsdom.ts), by rarity among paths. */
  path: 4,
  module: 2,
  graph: 2.5,
  recent: 0.75,
  dirty: 1.5,
  /** Tests are where a change is checked, rarely where it is made, unless the task is about tests. */
  testFactor: 0.6,
} as const;

const K1 = 1.2;
const B = 0.75;

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** Every file with a reason to be read, best first (ties by path), each with its reasons. */
export function rankFiles(input: RankInput): RankedFile[] {
  const { query, entries } = input;
  const index = new Map(entries.map((entry, i) => [entry.path, i]));
  const score = new Float64Array(entries.length);
  const reasons: string[][] = entries.map(() => []);
  const anchors: (RankedFile["anchor"] | null)[] = entries.map(() => null);
  const pathMatched: boolean[] = entries.map(() => false);

  for (const path of query.paths) {
    for (const [i, entry] of entries.entries()) {
      if (entry.path === path || entry.path.endsWith(`/${path}`)) {
        score[i]! += WEIGHTS.named;
        reasons[i]!.push("named in the task");
      }
    }
  }
  for (const symbol of input.symbols) {
    const i = index.get(symbol.path);
    if (i === undefined) continue;
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    if (!reasons[i]!.some((r) => r.startsWith("defines "))) score[i]! += WEIGHTS.defines;
    reasons[i]!.push(`defines ${name}`);
    anchors[i] ??= { name, line: symbol.line };
  }
  for (const endpoint of input.endpoints) {
    const i = index.get(endpoint.path);
    if (i === undefined) continue;
    if (!reasons[i]!.some((r) => r.startsWith("route "))) score[i]! += WEIGHTS.route;
    reasons[i]!.push(`route ${endpoint.method} ${endpoint.route}`);
    anchors[i] ??= { name: endpoint.handler, line: endpoint.line };
  }

  // Words: BM25 over each file's routing terms (symbol names, signatures, path).
  const terms = query.terms;
  // Each file's weight of each term, read once (most files have none of them).
  const weights = terms.map((term) => entries.map((entry) => termWeight(entry, term)));
  const bm25 = new Float64Array(entries.length);
  if (terms.length > 0) {
    let totalLength = 0;
    for (const entry of entries) totalLength += entry.length;
    const average = totalLength / Math.max(1, entries.length);
    let best = 0;
    terms.forEach((_, t) => {
      const n = weights[t]!.reduce((count, weight) => count + (weight > 0 ? 1 : 0), 0);
      const idf = Math.log(1 + (entries.length - n + 0.5) / (n + 0.5));
      weights[t]!.forEach((tf, i) => {
        if (tf > 0) bm25[i]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * entries[i]!.length) / average));
      });
    });
    for (const value of bm25) if (value > best) best = value;
    if (best > 0) for (let i = 0; i < entries.length; i += 1) score[i]! += (WEIGHTS.words * bm25[i]!) / best;
  }

  // Paths: each task term that names a directory or the file itself, weighed by how few paths it names.
  if (terms.length > 0) {
    const pathTerms = entries.map((entry) => new Set(pathTermsOf(entry.path)));
    const pathScore = new Float64Array(entries.length);
    let best = 0;
    for (const term of terms) {
      const holders: number[] = [];
      pathTerms.forEach((set, i) => {
        if (set.has(term)) holders.push(i);
      });
      if (holders.length === 0) continue;
      const idf = Math.log(1 + (entries.length - holders.length + 0.5) / (holders.length + 0.5));
      for (const i of holders) pathScore[i]! += idf;
    }
    for (const value of pathScore) if (value > best) best = value;
    if (best > 0) {
      for (let i = 0; i < entries.length; i += 1) {
        if (pathScore[i]! === 0) continue;
        score[i]! += (WEIGHTS.path * pathScore[i]!) / best;
        pathMatched[i] = true;
      }
    }
  }

  for (const module of input.modules) {
    for (const [i, entry] of entries.entries()) {
      if (entry.module !== module.name || score[i]! === 0) continue;
      score[i]! += WEIGHTS.module;
      reasons[i]!.push(`module ${module.name} keyword`);
    }
  }

  // Graph: files next to the strongest matches, through resolved calls either way.
  const neighbours: number[][] = entries.map(() => []);
  for (const [i, entry] of entries.entries()) {
    for (const target of entry.targets) {
      const j = index.get(target);
      if (j === undefined || j === i) continue;
      neighbours[i]!.push(j);
      neighbours[j]!.push(i);
    }
  }
  const seeds = new Map<number, number>();
  const byScore = [...score.keys()].filter((i) => score[i]! > 0).sort((a, b) => score[b]! - score[a]! || a - b);
  for (const i of byScore.slice(0, 10)) seeds.set(i, score[i]!);
  if (seeds.size > 0) {
    const rank = personalizedPageRank(neighbours, seeds);
    // Seeds keep their restart mass; only what flows beyond it counts as proximity.
    let best = 0;
    const flow = new Float64Array(entries.length);
    for (let i = 0; i < entries.length; i += 1) {
      flow[i] = seeds.has(i) ? 0 : rank[i]!;
      if (flow[i]! > best) best = flow[i]!;
    }
    if (best > 0) {
      for (let i = 0; i < entries.length; i += 1) {
        if (flow[i]! <= 0) continue;
        score[i]! += (WEIGHTS.graph * flow[i]!) / best;
        const seed = [...seeds.keys()].find((s) => neighbours[i]!.includes(s));
        if (seed !== undefined && reasons[i]!.length === 0 && bm25[i]! === 0) {
          const calls = entries[i]!.targets.includes(entries[seed]!.path);
          reasons[i]!.push(calls ? `calls into ${entries[seed]!.path}` : `called from ${entries[seed]!.path}`);
        }
      }
    }
  }

  const aboutTests = query.words.has("test") || query.words.has("tests") || query.words.has("spec");
  for (const [i, entry] of entries.entries()) {
    if (score[i]! === 0) continue;
    if (input.dirty.has(entry.path)) {
      score[i]! += WEIGHTS.dirty;
      reasons[i]!.push("uncommitted changes");
    }
    const touched = input.recent.get(entry.path) ?? 0;
    if (touched > 0) {
      score[i]! += WEIGHTS.recent * Math.min(1, touched / 3);
      if (reasons[i]!.length === 0) reasons[i]!.push("changed recently");
    }
    if (entry.isTest && !aboutTests) score[i]! *= WEIGHTS.testFactor;
  }

  // Entries are in path order, so their index breaks ties by path.
  const order = [...score.keys()].filter((i) => score[i]! > 0).sort((a, b) => score[b]! - score[a]! || a - b);
  return order.map((i, place) => {
    const entry = entries[i]!;
    // Word reasons are spelled out for the files a reader will see; the rest only need a rank.
    if (place < SPELLED_OUT && bm25[i]! > 0) {
      const matched = terms.filter((_, t) => weights[t]![i]! > 0);
      const symbol = bestSymbol(routingSymbolsOf(entry), matched);
      if (symbol) anchors[i] ??= { name: symbol.name, line: symbol.line };
      const words = symbol ? matched.filter((term) => new Set(splitIdentifier(symbol.name).map(stem)).has(term)) : matched;
      const exact = reasons[i]!.some((r) => r === "named in the task" || r.startsWith("defines ") || r.startsWith("route "));
      if (!exact) reasons[i]!.unshift(symbol ? `declares ${symbol.name} (${words.slice(0, 4).join(", ")})` : `about ${matched.slice(0, 4).join(", ")}`);
    }
    if (pathMatched[i] && reasons[i]!.length === 0) reasons[i]!.push("path matches the task");
    if (reasons[i]!.length === 0) reasons[i]!.push("near the matches");
    return { path: entry.path, score: round(score[i]!), reasons: [...new Set(reasons[i])], anchor: anchors[i] ?? null, isTest: entry.isTest };
  });
}

/** How many of the best files get their word matches spelled out as reasons. */
const SPELLED_OUT = 50;

/** The declaration whose name covers most of the matched terms (exported first, then earliest). */
function bestSymbol(symbols: readonly RoutingSymbol[], matched: readonly string[]): RoutingSymbol | null {
  let best: RoutingSymbol | null = null;
  let bestCover = 0;
  for (const symbol of symbols) {
    const parts = new Set(splitIdentifier(symbol.name).map(stem));
    const cover = matched.filter((term) => parts.has(term)).length + (symbol.exported ? 0.5 : 0);
    if (cover > bestCover && cover >= 1) {
      best = symbol;
      bestCover = cover;
    }
  }
  return best;
}
