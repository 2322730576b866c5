import { readdirSync } from "node:fs";
import { join } from "node:path";
import { matchErrors, rankMemory, type CachedError, type ErrorMatch } from "../../core/memory/match-memory.js";
import { rgFixed } from "../../core/traverse/conclude-traverse.js";
import { miss, type TraverseHit, type TraverseResult } from "../../core/traverse/traverse-result.js";
import { toCachedError } from "../../formats/memory-caches.js";
import { parseBrainEntry, parseBrainIndex, parseLessons, type MemoryDocument } from "../../formats/memory-entries.js";
import { readJsonLines } from "../../io/append-json-lines.js";
import { readIfReadable } from "../../io/atomic-write.js";
import { hashFiles } from "../../io/hash-files.js";

interface MemoryQuery {
  query: string;
  limit: number;
}

const CACHES = [
  { source: "hot", path: ".ai/hot-cache.jsonl" },
  { source: "incident", path: ".ai/incident-cache.jsonl" },
] as const;

/** Every cached error, and the lines that could not be read as one (left in their files). */
async function readCachedErrors(root: string): Promise<{ cached: CachedError[]; warnings: string[] }> {
  const cached: CachedError[] = [];
  const warnings: string[] = [];
  for (const { source, path } of CACHES) {
    const lines = await readJsonLines(join(root, path), path);
    const bad = [...lines.malformed];
    for (const { line, value } of lines.records) {
      const read = toCachedError(value, source, path, line);
      if ("source" in read) cached.push(read);
      else bad.push(read);
    }
    for (const m of bad.sort((a, b) => a.line - b.line)) warnings.push(`${m.file}:${m.line}: unreadable line kept as it is (${m.error})`);
  }
  return { cached, warnings };
}

/** The error's own words to search the code for when no recorded fix matches: its first line, location aside. */
function errorFallback(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? text.trim();
  const message = line.replace(/^\S+[:(]\d+(?:[:,]\d+)?\)?:?\s*(?:-\s*)?/, "").slice(0, 60);
  return `${rgFixed(message)} .`;
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
export async function traverseErr(root: string, { query, limit }: MemoryQuery): Promise<TraverseResult> {
  const { cached, warnings } = await readCachedErrors(root);
  const fallback = errorFallback(query);
  if (cached.length === 0) {
    return { ...miss("Err", query, "no-data", "no fixes recorded yet in .ai/hot-cache.jsonl or .ai/incident-cache.jsonl (`ctx complete-task --error` records them)", fallback), warnings };
  }
  const matches = matchErrors(query, cached);
  if (matches.length === 0) return { ...miss("Err", query, "no-match", `none of ${cached.length} recorded errors matches`, fallback), warnings };
  const shown = matches.slice(0, limit);
  const now = hashFiles(root, shown.flatMap((m) => m.cached.files.map((f) => f.path)));
  const hits = shown.map((m) => errorHit(m, now));
  return { status: "hit", kind: "Err", query, hits, total: matches.length, rejected: [], suggestions: [], warnings, reason: null, detail: null, fallback: null };
}

/** Everything searchable in memory: brain entries, lessons and brain-index rows, one item per entry id. */
function readMemory(root: string): { id: string | null; main: MemoryDocument; text: string; sources: string[] }[] {
  const documents: MemoryDocument[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(join(root, ".ai", "brain")).filter((name) => name.endsWith(".md")).sort();
  } catch {
    // No brain entries yet.
  }
  for (const name of names) {
    const text = readIfReadable(join(root, ".ai", "brain", name));
    if (text !== undefined) documents.push(parseBrainEntry(text, `.ai/brain/${name}`, name.slice(0, -3)));
  }
  const lessons = readIfReadable(join(root, ".ai", "lessons-learned.md"));
  if (lessons !== undefined) documents.push(...parseLessons(lessons, ".ai/lessons-learned.md"));
  const index = readIfReadable(join(root, ".ai", "brain-index.md"));
  if (index !== undefined) documents.push(...parseBrainIndex(index, ".ai/brain-index.md"));
  const items: { id: string | null; main: MemoryDocument; text: string; sources: string[] }[] = [];
  const byId = new Map<string, (typeof items)[number]>();
  for (const document of documents) {
    const known = document.id ? byId.get(document.id) : undefined;
    const source = `${document.path}:${document.line}`;
    if (known) {
      known.text += `\n${document.title}\n${document.text}`;
      known.sources.push(source);
      continue;
    }
    const item = { id: document.id, main: document, text: `${document.title}\n${document.text}`, sources: [source] };
    if (document.id) byId.set(document.id, item);
    items.push(item);
  }
  return items;
}

/** The line that says what to do: a lesson's `- lesson:` line, an entry's Lesson section, else its title. */
function summaryOf(document: MemoryDocument): string {
  const lesson = /^-\s*lesson:\s*(.+)$/m.exec(document.text)?.[1] ?? /^## Lesson\n+(.+)$/m.exec(document.text)?.[1];
  return (lesson ?? document.title).trim().slice(0, 200);
}

/** `ctx traverse Brain`: ranked match over brain entries and lessons. */
export async function traverseBrain(root: string, { query, limit }: MemoryQuery): Promise<TraverseResult> {
  const items = readMemory(root);
  const fallback = `rg -n -i -F ${rgFixed(query).slice("rg -n -F ".length)} .ai/`;
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
