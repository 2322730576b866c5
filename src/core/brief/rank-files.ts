import { weightIn, type Postings, type RoutingTable } from "../../formats/routing-table.js";
import type { EndpointRecord, ModuleRecord, RepoPath } from "../../model.js";
import { pathTermsOf, type RoutingSymbol } from "./routing-terms.js";
import { personalizedPageRank } from "./personalized-page-rank.js";
import type { RouteHandler } from "../traverse/route-handlers.js";
import type { DeclarationMatch } from "./score-declarations.js";
import { splitIdentifier, stem } from "./sub-words.js";
import type { TaskQuery } from "./parse-task.js";

export interface RankedFile {
  path: RepoPath;
  /** Its line in the routing table. */
  entry: number;
  score: number;
  reasons: string[];
  /** Task terms its routing terms hold, when it ranks by words and nothing exact names it: explainFiles spells them out. */
  matched: string[];
  /** The declaration to start at, when a reason names one. */
  anchor: { name: string; line: number; endLine?: number } | null;
  /** Its declaration whose words match the task best (the lexicon's), when one does. */
  declaration: { line: number; terms: string[] } | null;
  isTest: boolean;
}

export interface ScoreInput {
  query: TaskQuery;
  /** Every indexed file, in path order. */
  table: RoutingTable;
  /** Declarations named exactly by the task's identifiers (fresh or not: freshness is the caller's). */
  symbols: readonly { name: string; container: string; path: RepoPath; line: number; endLine: number }[];
  endpoints: readonly EndpointRecord[];
  /** Where the index linked a matched route's handler expression (`h.List` → `UserAPI.List`), each file fresh. */
  handlers: readonly (RouteHandler & { route: string })[];
  modules: readonly ModuleRecord[];
  /** Resolved call sites of the named declarations: their files call what the task names. */
  callers: readonly { path: RepoPath; callee: string }[];
  /** Files that hold an identifier the task names but the index does not declare, by identifier. */
  mentions: ReadonlyMap<string, readonly RepoPath[]>;
  /** Each file's best declaration by the words inside it (scoreDeclarations); empty without a lexicon. */
  declarations: ReadonlyMap<RepoPath, DeclarationMatch>;
  /** Files earlier commits like the task changed, by similarity (scoreHistory); empty without a history. */
  history: ReadonlyMap<RepoPath, number>;
}

export interface WorkingTree {
  /** Files with uncommitted changes. */
  dirty: ReadonlySet<RepoPath>;
  /** How many recent commits touched each file. */
  recent: ReadonlyMap<RepoPath, number>;
}

/** Every file's score from what the index says, before the working tree's state moves it (see rankFiles). */
export interface FileScores {
  table: RoutingTable;
  terms: readonly string[];
  aboutTests: boolean;
  score: Float64Array;
  reasons: ReadonlyMap<number, readonly string[]>;
  anchors: ReadonlyMap<number, NonNullable<RankedFile["anchor"]>>;
  bm25: Float64Array;
  /** The best declaration of each file that has one, by table line. */
  declarations: ReadonlyMap<number, DeclarationMatch>;
  /** Each term's weight in the files that have it (none for a term left out). */
  weights: readonly Postings[];
  pathMatched: Uint8Array;
  /** Files earlier commits like the task changed. */
  historyMatched: ReadonlySet<number>;
}

/**
 * The weights of each signal, in points. A file named in the task, or defining an identifier the
 * task names, outranks anything found by words alone; the word score (BM25) tops out at WORDS;
 * the graph and recency only reorder close calls. Words, declarations and history were set on the
 * routing eval's tuning repositories (scripts/routing-lab.mjs; trpc, vitest, vue core, outline:
 * 160 commits, hit@1 47.5% → 50.6%, hit@5 73.8% → 78.8% against 6 / 6 / 3; nextMargin 0.25 → 0.15:
 * `next:` names one file in 62% of briefs instead of 43%, right in 63% of those), never on held-out ones.
 */
export const WEIGHTS = {
  named: 12,
  defines: 9,
  route: 9,
  /** A file that calls a declaration the task names: where a change to it often has to follow. */
  calls: 4,
  /** A file whose text holds an identifier the task names that no declaration has (a local, a key), shared by the few that do. */
  mentions: 9,
  words: 4,
  /** The best declaration by the words inside it (identifiers, strings, comments), by its BM25 against the best file's. */
  declarations: 8,
  /** Files that earlier commits worded like the task changed, by their similarity against the best file's. */
  history: 9,
  /** A task word that is one of the file's directory or file names (`jsdom` → …/env/jsdom.ts), by rarity among paths. */
  path: 4,
  module: 2,
  graph: 2.5,
  recent: 0.75,
  dirty: 1.5,
  /** Tests are where a change is checked, rarely where it is made, unless the task is about tests. */
  testFactor: 0.6,
  /** How far the best file must lead the next (share of its score) for `next:` to name it alone. */
  nextMargin: 0.15,
  /**
   * Or, a score only several signals reach together, and a smaller lead. Set on the tuning
   * repositories (dumps of 160 briefs): `next:` named 61.3% → 66.9%, right 62.2% → 62.6%.
   */
  nextAgreed: 20,
  nextAgreedMargin: 0.05,
} as const;

const K1 = 1.2;
const B = 0.75;
/** The least idf a term needs to count: 0.1 leaves out a term more than ~90% of files have. */
const MIN_IDF = 0.1;

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** How many files a ranking returns: more than any brief shows or any lane rule counts. */
const RANKED = 200;

/**
 * The indexes of the `k` highest positive scores, best first; equal scores by index (entries are
 * in path order, so that is by path). A bounded heap: a ranking needs its top, not a full sort.
 */
function best(score: Float64Array, k: number): number[] {
  // Min-heap on (score, -index): the root is the weakest of those kept.
  const heap: number[] = [];
  const weaker = (a: number, b: number): boolean => score[a]! < score[b]! || (score[a] === score[b] && a > b);
  const swap = (x: number, y: number): void => {
    [heap[x], heap[y]] = [heap[y]!, heap[x]!];
  };
  const down = (at: number): void => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let low = at;
      if (left < heap.length && weaker(heap[left]!, heap[low]!)) low = left;
      if (right < heap.length && weaker(heap[right]!, heap[low]!)) low = right;
      if (low === at) return;
      swap(at, low);
      at = low;
    }
  };
  for (let i = 0; i < score.length; i += 1) {
    if (score[i]! <= 0) continue;
    if (heap.length < k) {
      heap.push(i);
      for (let at = heap.length - 1; at > 0 && weaker(heap[at]!, heap[(at - 1) >> 1]!); at = (at - 1) >> 1) swap(at, (at - 1) >> 1);
    } else if (weaker(heap[0]!, i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => score[b]! - score[a]! || a - b);
}

/** Each file's reasons, kept sparse: most files never get one. */
function reasonsIn(lists: Map<number, string[]>): { none: (i: number) => boolean; of: (i: number) => string[] } {
  return {
    none: (i) => (lists.get(i)?.length ?? 0) === 0,
    of: (i) => {
      let list = lists.get(i);
      if (!list) lists.set(i, (list = []));
      return list;
    },
  };
}

/**
 * Scores every file by what the index says: exact names, words, paths, modules, then proximity
 * to the best of them. Needs no git: a brief scores while git runs.
 */
export function scoreFiles(input: ScoreInput): FileScores {
  const { query, table } = input;
  const size = table.size;
  const score = new Float64Array(size);
  const reasonLists = new Map<number, string[]>();
  const reasons = reasonsIn(reasonLists);
  const anchors = new Map<number, NonNullable<RankedFile["anchor"]>>();
  const pathMatched = new Uint8Array(size);
  const historyMatched = new Set<number>();

  for (const path of query.paths) {
    for (const i of table.pathsEndingWith(path)) {
      score[i]! += WEIGHTS.named;
      reasons.of(i).push("named in the task");
    }
  }
  for (const symbol of input.symbols) {
    const i = table.lineOf(symbol.path);
    if (i === undefined) continue;
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    if (!reasons.of(i).some((r) => r.startsWith("defines "))) score[i]! += WEIGHTS.defines;
    reasons.of(i).push(`defines ${name}`);
    if (!anchors.has(i)) anchors.set(i, { name, line: symbol.line, endLine: symbol.endLine });
  }
  for (const endpoint of input.endpoints) {
    const i = table.lineOf(endpoint.path);
    if (i === undefined) continue;
    if (!reasons.of(i).some((r) => r.startsWith("route "))) score[i]! += WEIGHTS.route;
    reasons.of(i).push(`route ${endpoint.method} ${endpoint.route}`);
    if (!anchors.has(i)) anchors.set(i, { name: endpoint.handler, line: endpoint.line });
  }
  // A route's work is done where its handler is declared, more than where it is registered.
  for (const handler of input.handlers) {
    const i = table.lineOf(handler.path);
    if (i === undefined) continue;
    const reason = `handles ${handler.route}`;
    if (reasons.of(i).includes(reason)) continue;
    if (!reasons.of(i).some((r) => r.startsWith("route ") || r.startsWith("handles "))) score[i]! += WEIGHTS.route;
    reasons.of(i).push(reason);
    if (!anchors.has(i) || !reasons.of(i).some((r) => r.startsWith("defines "))) anchors.set(i, { name: handler.name, line: handler.line });
  }

  for (const site of input.callers) {
    const i = table.lineOf(site.path);
    if (i === undefined) continue;
    const reason = `calls ${site.callee}`;
    if (reasons.of(i).includes(reason)) continue;
    if (!reasons.of(i).some((r) => r.startsWith("calls "))) score[i]! += WEIGHTS.calls;
    reasons.of(i).push(reason);
  }

  for (const [word, paths] of input.mentions) {
    // Rare mentions say more: a word in two files points at them, one in two hundred hardly.
    const weight = WEIGHTS.mentions / Math.max(1, Math.log2(paths.length));
    for (const path of paths) {
      const i = table.lineOf(path);
      if (i === undefined) continue;
      score[i]! += weight;
      reasons.of(i).push(`mentions ${word}`);
    }
  }

  // Words: BM25 over each file's routing terms (symbol names, signatures, path, and the names it calls).
  const terms = query.terms;
  // Each term's weight in the files that have it (most files have none of them); a term nearly
  // every file has says nothing of where to look, and is left out (see MIN_IDF).
  const found = terms.map((term) => table.termWeights(term));
  const idfs = found.map(({ lines }) => Math.log(1 + (size - lines.length + 0.5) / (lines.length + 0.5)));
  const weights = found.map((postings, t) => (idfs[t]! < MIN_IDF ? { lines: new Int32Array(0), weights: new Float64Array(0) } : postings));
  const bm25 = new Float64Array(size);
  // Loops below run over typed arrays by index: cold, in the interpreter, an iterator costs more.
  if (terms.length > 0) {
    const lengths = table.lengths();
    let totalLength = 0;
    for (let i = 0; i < size; i += 1) totalLength += lengths[i]!;
    const average = totalLength / Math.max(1, size);
    const scored: number[] = [];
    weights.forEach(({ lines, weights: tfs }, t) => {
      // idf·tf·(K1 + 1) / (tf + K1·(1 − B + B·length / average)), its constants taken out of the loop.
      const scale = idfs[t]! * (K1 + 1);
      const base = K1 * (1 - B);
      const perLength = (K1 * B) / average;
      for (let k = 0; k < lines.length; k += 1) {
        const i = lines[k]!;
        const tf = tfs[k]!;
        if (bm25[i] === 0) scored.push(i);
        bm25[i]! += (scale * tf) / (tf + base + perLength * lengths[i]!);
      }
    });
    let best = 0;
    for (const i of scored) if (bm25[i]! > best) best = bm25[i]!;
    if (best > 0) for (const i of scored) score[i]! += (WEIGHTS.words * bm25[i]!) / best;
  }

  // Declarations: the words inside them, the file scored by its best one.
  const declarations = new Map<number, DeclarationMatch>();
  let bestDeclaration = 0;
  for (const match of input.declarations.values()) if (match.score > bestDeclaration) bestDeclaration = match.score;
  if (bestDeclaration > 0) {
    for (const [path, match] of input.declarations) {
      const i = table.lineOf(path);
      if (i === undefined) continue;
      score[i]! += (WEIGHTS.declarations * match.score) / bestDeclaration;
      declarations.set(i, match);
    }
  }

  // History: where earlier commits like this task changed things.
  let bestHistory = 0;
  for (const value of input.history.values()) if (value > bestHistory) bestHistory = value;
  if (bestHistory > 0) {
    for (const [path, value] of [...input.history].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const i = table.lineOf(path);
      if (i === undefined) continue;
      score[i]! += (WEIGHTS.history * value) / bestHistory;
      historyMatched.add(i);
    }
  }

  // Paths: each task term that names a directory or the file itself, weighed by how few paths it names.
  if (terms.length > 0) {
    const pathScore = new Float64Array(size);
    const holds = pathHolds(table);
    const matchedPaths: number[] = [];
    let best = 0;
    for (const term of terms) {
      // A path holds a term only if its lower-cased text contains it: split just those paths.
      // `query` stems from `queries`: the search is for the stem without its last letter.
      const fragment = term.length > 3 ? term.slice(0, -1) : term;
      const holders = table.pathsContaining(fragment).filter((i) => holds(i, term, fragment));
      if (holders.length === 0) continue;
      const idf = Math.log(1 + (size - holders.length + 0.5) / (holders.length + 0.5));
      for (const i of holders) pathScore[i]! += idf;
      matchedPaths.push(...holders);
    }
    const held = [...new Set(matchedPaths)];
    for (const i of held) if (pathScore[i]! > best) best = pathScore[i]!;
    if (best > 0) {
      for (const i of held.sort((a, b) => a - b)) {
        score[i]! += (WEIGHTS.path * pathScore[i]!) / best;
        pathMatched[i] = 1;
      }
    }
  }

  for (const module of input.modules) {
    for (const i of table.linesOfModule(module.name)) {
      if (score[i]! === 0) continue;
      score[i]! += WEIGHTS.module;
      reasons.of(i).push(`module ${module.name} keyword`);
    }
  }

  // Graph: files next to the strongest matches, through resolved calls either way.
  const { graph } = table.layout;
  const seeds = new Map<number, number>();
  for (const i of best(score, 10)) seeds.set(i, score[i]!);
  if (seeds.size > 0) {
    const rank = personalizedPageRank(graph, seeds);
    // Seeds keep their restart mass; only what flows beyond it counts as proximity.
    for (const seed of seeds.keys()) rank[seed] = 0;
    let best = 0;
    for (let i = 0; i < size; i += 1) if (rank[i]! > best) best = rank[i]!;
    if (best > 0) {
      const flow = rank;
      // Each seed's neighbours, the first seed (in seed order) for each: the graph is undirected.
      const nextTo = new Map<number, number>();
      const calledBy = new Map<number, ReadonlySet<number>>();
      for (const seed of seeds.keys()) {
        for (let k = graph.offsets[seed]!; k < graph.offsets[seed + 1]!; k += 1) if (!nextTo.has(graph.targets[k]!)) nextTo.set(graph.targets[k]!, seed);
      }
      for (let i = 0; i < size; i += 1) {
        if (flow[i]! <= 0) continue;
        score[i]! += (WEIGHTS.graph * flow[i]!) / best;
        if (bm25[i]! > 0 || !reasons.none(i)) continue;
        const seed = nextTo.get(i);
        if (seed !== undefined) {
          // A neighbour the seed does not call calls it; one it calls may also call it back.
          let called = calledBy.get(seed);
          if (!called) calledBy.set(seed, (called = new Set(table.targets(seed))));
          const calls = !called.has(i) || table.targets(i).includes(seed);
          reasons.of(i).push(calls ? `calls into ${table.path(seed)}` : `called from ${table.path(seed)}`);
        }
      }
    }
  }

  const aboutTests = query.words.has("test") || query.words.has("tests") || query.words.has("spec");
  return { table, terms, aboutTests, score, reasons: reasonLists, anchors, bm25, declarations, weights, pathMatched, historyMatched };
}

/** The files with a reason to be read, best first (ties by path), each with its reasons: the best RANKED of them. */
export function rankFiles(scores: FileScores, tree: WorkingTree): RankedFile[] {
  const { table, terms, bm25, weights } = scores;
  const score = Float64Array.from(scores.score);
  const reasonLists = new Map([...scores.reasons].map(([i, list]) => [i, [...list]]));
  const reasons = reasonsIn(reasonLists);
  // Uncommitted and recent changes move files that have a reason already; the few such paths are looked up.
  const lines = (paths: Iterable<RepoPath>): number[] => [...new Set([...paths].flatMap((path) => table.lineOf(path) ?? []))].sort((a, b) => a - b);
  for (const i of lines(tree.dirty)) {
    if (score[i]! === 0) continue;
    score[i]! += WEIGHTS.dirty;
    reasons.of(i).push("uncommitted changes");
  }
  for (const i of lines(tree.recent.keys())) {
    const touched = tree.recent.get(table.path(i)) ?? 0;
    if (score[i]! === 0 || touched === 0) continue;
    score[i]! += WEIGHTS.recent * Math.min(1, touched / 3);
    if (reasons.none(i)) reasons.of(i).push("changed recently");
  }
  if (!scores.aboutTests) for (let i = 0; i < table.size; i += 1) if (score[i]! !== 0 && table.isTest(i)) score[i]! *= WEIGHTS.testFactor;

  return best(score, RANKED).map((i) => {
    const exact = reasons.of(i).some((r) => r === "named in the task" || r.startsWith("defines ") || r.startsWith("route ") || r.startsWith("mentions "));
    const matched = bm25[i]! > 0 && !exact ? terms.filter((_, t) => weightIn(weights[t]!, i) > 0) : [];
    if (scores.pathMatched[i] && matched.length === 0 && reasons.none(i)) reasons.of(i).push("path matches the task");
    if (scores.historyMatched.has(i)) reasons.of(i).push("changed by commits like this task");
    const declaration = scores.declarations.get(i);
    return {
      path: table.path(i),
      entry: i,
      score: round(score[i]!),
      reasons: [...new Set(reasons.of(i))],
      matched,
      anchor: scores.anchors.get(i) ?? null,
      declaration: declaration ? { line: declaration.line, terms: declaration.terms } : null,
      isTest: table.isTest(i),
    };
  });
}

/**
 * Whether pathTermsOf(line's path) has `term`, for a path whose lower-cased text contains
 * `fragment` (its stem's search text): each directory's terms worked out once, a file's name
 * split only when the fragment is in it.
 */
function pathHolds(table: RoutingTable): (line: number, term: string, fragment: string) => boolean {
  const directories = new Map<string, ReadonlySet<string>>();
  return (line, term, fragment) => {
    const path = table.path(line);
    const slash = path.lastIndexOf("/");
    const directory = path.slice(0, Math.max(0, slash));
    let above = directories.get(directory);
    if (!above) directories.set(directory, (above = new Set(directory === "" ? [] : pathTermsOf(`${directory}/`))));
    if (above.has(term)) return true;
    const name = path.slice(slash + 1);
    return name.toLowerCase().includes(fragment) && pathTermsOf(name).includes(term);
  };
}

/**
 * Spells out the word matches of ranked files as reasons — the declaration whose name covers most
 * of the task's terms, which also becomes the file's anchor — given their symbols (read only for
 * the files a brief shows). A file with no reason left is "near the matches" (the graph put it there).
 */
export function explainFiles(
  ranked: readonly RankedFile[],
  symbolsOf: (file: RankedFile) => readonly RoutingSymbol[] | undefined,
  spell: (term: string) => string = (term) => term,
): RankedFile[] {
  const said = (terms: readonly string[]): string => terms.slice(0, 4).map(spell).join(", ");
  return ranked.map((file) => {
    const reasons = [...file.reasons];
    let anchor = file.anchor;
    const symbols = symbolsOf(file);
    // The declaration whose body matches best is where to start; failing that, the one whose name does.
    // Where the task names the place exactly, that reason says it all.
    const exact = file.reasons.some((r) => r === "named in the task" || r.startsWith("defines ") || r.startsWith("route "));
    const inside = !exact && file.declaration && symbols?.find((symbol) => symbol.line === file.declaration!.line);
    if (inside && file.declaration) {
      anchor ??= { name: inside.name, line: inside.line, endLine: inside.endLine };
      reasons.unshift(`${anchor.name === inside.name ? "" : `${inside.name} `}uses ${said(file.declaration.terms)}`);
    } else if (file.matched.length > 0 && symbols) {
      const symbol = bestSymbol(symbols, file.matched);
      if (symbol) anchor ??= { name: symbol.name, line: symbol.line, endLine: symbol.endLine };
      const words = symbol ? file.matched.filter((term) => new Set(splitIdentifier(symbol.name).map(stem)).has(term)) : file.matched;
      reasons.unshift(symbol ? `declares ${symbol.name} (${said(words)})` : `about ${said(file.matched)}`);
    }
    if (reasons.length === 0) reasons.push("near the matches");
    return { ...file, reasons, anchor };
  });
}

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
