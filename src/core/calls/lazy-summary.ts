import type { CallSummary } from "../../model.js";

/** Where a cached summary's JSON is: a segment of the summary store, a byte offset and a length. */
export interface StoredAt {
  segment: string;
  offset: number;
  length: number;
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
    return (this.value ??= JSON.parse(this.toText()) as CallSummary);
  }

  toText(): string {
    return (this.text ??= this.load!());
  }
}
