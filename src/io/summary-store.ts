import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { LazySummary, UnreadableSummary, type StoredAt } from "../core/calls/lazy-summary.js";
import { writeFileAtomic } from "./atomic-write.js";

/**
 * Per-file texts cached in append-only segments (`.ai/.cache/<folder>/*.jsonl`): call summaries,
 * and each file's rendered symbol and call rows. A run writes the texts it made into one new
 * segment and leaves the others where they are, so an incremental run neither reads nor rewrites
 * the tens of megabytes of a large repository's cache. A text is read (one positional read) only
 * when something reaches its file. Segments are merged into one when there are too many or when
 * most of their bytes are dead.
 */
export const SUMMARY_SEGMENTS = "summaries";
const MAX_SEGMENTS = 8;

export interface Segment {
  name: string;
  size: number;
}

export class SummaryStore {
  private readonly descriptors = new Map<string, number>();

  private constructor(private readonly directory: string) {}

  /** Opens the segments a cache refers to; null when one is missing or of another size (torn). */
  static open(cacheDir: string, segments: readonly Segment[], folder = SUMMARY_SEGMENTS): SummaryStore | null {
    const store = new SummaryStore(join(cacheDir, folder));
    try {
      for (const segment of segments) {
        const descriptor = openSync(join(store.directory, segment.name), "r");
        store.descriptors.set(segment.name, descriptor);
        if (fstatSync(descriptor).size !== segment.size) throw new Error(`summary segment ${segment.name} was cut short or extended`);
      }
    } catch {
      store.close();
      return null;
    }
    return store;
  }

  summary(at: StoredAt): LazySummary {
    return LazySummary.stored(at, () => this.read(at));
  }

  /** A stored text, read now; one that cannot be read makes the run start again without the cache. */
  text(at: StoredAt): string {
    try {
      return this.read(at);
    } catch (error) {
      throw new UnreadableSummary(at, error);
    }
  }

  private read(at: StoredAt): string {
    const descriptor = this.descriptors.get(at.segment);
    if (descriptor === undefined) throw new Error(`segment ${at.segment} is not open`);
    const buffer = Buffer.allocUnsafe(at.length);
    let read = 0;
    while (read < at.length) {
      const count = readSync(descriptor, buffer, read, at.length - read, at.offset + read);
      if (count === 0) throw new Error(`segment ${at.segment} ends before byte ${at.offset + at.length}`);
      read += count;
    }
    return buffer.toString("utf8");
  }

  close(): void {
    for (const descriptor of this.descriptors.values()) closeSync(descriptor);
    this.descriptors.clear();
  }
}

/**
 * Stores every summary that is not stored yet, in a new segment (or, when the segments would be
 * too many or mostly dead, all of them in one), and returns where each is, in order, with the
 * segments they are in. `previous` are the segments the summaries were read from.
 */
export async function storeSummaries(
  cacheDir: string,
  summaries: readonly { readonly storedAt: StoredAt | undefined; toText(): string }[],
  previous: readonly Segment[],
  folder = SUMMARY_SEGMENTS,
): Promise<{ at: StoredAt[]; segments: Segment[] }> {
  const directory = join(cacheDir, folder);
  const sizes = new Map(previous.map((segment) => [segment.name, segment.size]));
  const live = new Map<string, number>();
  for (const summary of summaries) {
    const at = summary.storedAt;
    if (at && sizes.has(at.segment)) live.set(at.segment, (live.get(at.segment) ?? 0) + at.length);
  }
  const liveBytes = [...live.values()].reduce((sum, bytes) => sum + bytes, 0);
  const storedBytes = [...live.keys()].reduce((sum, name) => sum + sizes.get(name)!, 0);
  const compact = live.size + 1 > MAX_SEGMENTS || storedBytes > 2 * liveBytes;
  const keep = (summary: { readonly storedAt: StoredAt | undefined }): boolean => !compact && summary.storedAt !== undefined && live.has(summary.storedAt.segment);

  const name = `${Date.now().toString(36)}-${process.pid}-${randomUUID().slice(0, 8)}.jsonl`;
  const chunks: string[] = [];
  let offset = 0;
  const at = summaries.map((summary): StoredAt => {
    if (keep(summary)) return summary.storedAt!;
    const text = summary.toText();
    const length = Buffer.byteLength(text);
    chunks.push(text, "\n");
    const stored = { segment: name, offset, length };
    offset += length + 1;
    return stored;
  });
  const segments: Segment[] = [...live.keys()].filter(() => !compact).map((kept) => ({ name: kept, size: sizes.get(kept)! }));
  if (chunks.length > 0) {
    await writeFileAtomic(join(directory, name), chunks, { ifChanged: false });
    segments.push({ name, size: offset });
  }
  segments.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { at, segments };
}

/** Removes the segments no cache refers to any more (call after the cache naming `kept` is in place). */
export async function removeStaleSegments(cacheDir: string, kept: readonly Segment[], folder = SUMMARY_SEGMENTS): Promise<void> {
  const directory = join(cacheDir, folder);
  const names = new Set(kept.map((segment) => segment.name));
  const entries = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(entries.filter((entry) => entry.endsWith(".jsonl") && !names.has(entry)).map((entry) => rm(join(directory, entry), { force: true })));
}
