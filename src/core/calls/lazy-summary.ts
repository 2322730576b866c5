import type { CallSummary } from "../../model.js";

/** Where a cached summary's JSON is: a segment of the summary store, a byte offset and a length. */
export interface StoredAt {
  segment: string;
  offset: number;
  length: number;
}

/** A stored summary that cannot be read back: the cache is damaged, and the run must do without it. */
export class UnreadableSummary extends Error {
  constructor(at: StoredAt, cause: unknown) {
    super(`cached call summary ${at.segment}@${at.offset} cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "UnreadableSummary";
  }
}

/**
 * A file's call summary, kept as JSON text, or where to read it, until something reads it: an
 * incremental run links a few files and reads the summaries of the files they reach, not all.
 */
export class LazySummary {
  private value: CallSummary | undefined;

  private constructor(
    private text: string | undefined,
    private readonly load: (() => string) | undefined,
    /** Set when the summary is stored already, so that a run can leave it where it is. */
    readonly storedAt: StoredAt | undefined,
  ) {}

  static fromText(text: string): LazySummary {
    return new LazySummary(text, undefined, undefined);
  }

  static stored(at: StoredAt, load: () => string): LazySummary {
    return new LazySummary(undefined, load, at);
  }

  get(): CallSummary {
    if (this.value) return this.value;
    try {
      this.value = JSON.parse(this.toText()) as CallSummary;
    } catch (error) {
      if (this.storedAt) throw new UnreadableSummary(this.storedAt, error);
      throw error;
    }
    return this.value;
  }

  toText(): string {
    if (this.text === undefined) {
      try {
        this.text = this.load!();
      } catch (error) {
        throw new UnreadableSummary(this.storedAt!, error);
      }
    }
    return this.text;
  }
}
