import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { CachedError } from "../core/memory/match-memory.js";
import { parseJsonLines } from "../formats/jsonl.js";
import { toCachedError } from "../formats/memory-caches.js";
import { parseBrainEntry, parseBrainIndex, parseLessons, type MemoryDocument } from "../formats/memory-entries.js";
import { readIfReadable } from "./atomic-write.js";

const CACHES = [
  { source: "hot", path: ".ai/hot-cache.jsonl" },
  { source: "incident", path: ".ai/incident-cache.jsonl" },
] as const;

/** A piece of memory with every text that speaks of it, and where each is. */
export interface MemoryItem {
  id: string | null;
  /** The document shown for it: the brain entry, else the lesson, else the row. */
  main: MemoryDocument;
  text: string;
  /** `path:line` of each document merged into it. */
  sources: string[];
}

/** Every cached error, and the lines that could not be read as one (left in their files). */
export function readCachedErrors(root: string): { cached: CachedError[]; warnings: string[] } {
  const cached: CachedError[] = [];
  const warnings: string[] = [];
  for (const { source, path } of CACHES) {
    const lines = parseJsonLines(readIfReadable(join(root, path)) ?? "", path);
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

/**
 * Everything searchable in memory, one item per entry id: brain entries (with `entries`), lessons
 * and brain-index rows. Lessons and rows without an id are items of their own.
 */
export function readMemory(root: string, { entries }: { entries: boolean }): MemoryItem[] {
  const documents: MemoryDocument[] = [];
  let names: string[] = [];
  try {
    // A brief reads only the two summary files: one read each, however many entries there are.
    if (entries) names = readdirSync(join(root, ".ai", "brain")).filter((name) => name.endsWith(".md")).sort();
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
  const items: MemoryItem[] = [];
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

