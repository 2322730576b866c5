import { matchErrors, rankMemory, type ErrorMatch } from "../memory/match-memory.js";
import { summaryOf } from "../memory/recall-memory.js";
import { fallbackCommand, rgFixed } from "./conclude-traverse.js";
import { miss, type TraverseHit, type TraverseResult } from "./traverse-result.js";
import type { TraverseSource } from "./traverse-source.js";

interface MemoryQuery {
  query: string;
  limit: number;
}

/** The error's own words to search the code for when no recorded fix matches: its first line, location aside. */
function errorFallback(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? text.trim();
  const message = line.replace(/^\S+[:(]\d+(?:[:,]\d+)?\)?:?\s*(?:-\s*)?/, "").slice(0, 60);
  return fallbackCommand(rgFixed(message), ".");
}

function errorHit(match: ErrorMatch, now: ReadonlyMap<string, string | null>): TraverseHit {
  const { cached } = match;
  const files = cached.files.map((file) => {
    const current = now.get(file.path) ?? null;
    return { path: file.path, changedSince: current !== file.sha256, missing: current === null };
  });
  return {
    name: cached.error.split("\n")[0]!.slice(0, 160),
    kind: match.alsoIn ? `${cached.source}+${match.alsoIn.source}` : cached.source,
    container: "",
    path: cached.path,
    line: cached.line,
    endLine: cached.line,
    signature: cached.fix,
    exported: true,
    module: null,
    match: match.match,
    score: match.score,
    differs: match.differs,
    fix: cached.fix,
    cause: cached.cause ?? match.alsoIn?.cause ?? null,
    files,
    verified: cached.verified,
    commit: cached.commit,
    entry: cached.entry ? `.ai/brain/${cached.entry}.md` : null,
    keywords: cached.keywords,
    errorSignature: cached.signature,
  };
}

/** `ctx traverse Err`: recorded fixes for an error, by signature then by words; cited files marked when they changed since. */
export async function traverseErr(source: TraverseSource, { query, limit }: MemoryQuery): Promise<TraverseResult> {
  const { cached, warnings } = await source.cachedErrors();
  const fallback = errorFallback(query);
  if (cached.length === 0) {
    return { ...miss("Err", query, "no-data", "no fixes recorded yet in .ai/hot-cache.jsonl or .ai/incident-cache.jsonl (`ctx complete-task --error` records them)", fallback), warnings };
  }
  const matches = matchErrors(query, cached);
  if (matches.length === 0) return { ...miss("Err", query, "no-match", `none of ${cached.length} recorded errors matches`, fallback), warnings };
  const shown = matches.slice(0, limit);
  const now = source.hash(shown.flatMap((m) => m.cached.files.map((f) => f.path)));
  const hits = shown.map((m) => errorHit(m, now));
  return { status: "hit", kind: "Err", query, hits, total: matches.length, rejected: [], suggestions: [], warnings, reason: null, detail: null, fallback: null };
}

/** `ctx traverse Brain`: ranked match over brain entries and lessons. */
export async function traverseBrain(source: TraverseSource, { query, limit }: MemoryQuery): Promise<TraverseResult> {
  const items = await source.memory();
  const fallback = fallbackCommand(rgFixed(query, ["-n", "-i", "-F"]), ".ai/");
  if (items.length === 0) return miss("Brain", query, "no-data", "no memory yet: .ai/brain/, lessons-learned.md and brain-index.md hold no entries (`ctx complete-task` adds them)", fallback);
  const ranked = rankMemory(query, items.map((item) => ({ item, text: item.text })));
  if (ranked.length === 0) return miss("Brain", query, "no-match", `none of ${items.length} memory entries shares a word with the query`, fallback);
  const hits = ranked.slice(0, limit).map(({ item, score, matched }): TraverseHit => ({
    name: item.main.title,
    kind: item.main.type ?? "lesson",
    container: "",
    path: item.main.path,
    line: item.main.line,
    endLine: item.main.line,
    signature: summaryOf(item.main),
    exported: true,
    module: null,
    id: item.id,
    score,
    matched,
    sources: item.sources,
  }));
  return { status: "hit", kind: "Brain", query, hits, total: ranked.length, rejected: [], suggestions: [], reason: null, detail: null, fallback: null };
}
