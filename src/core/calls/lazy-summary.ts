import type { CallSummary } from "../../model.js";

/**
 * A file's call summary, kept as the JSON text it was cached as until something reads it: an
 * incremental run links a few files and reads the summaries of the files they reach, not all.
 */
export class LazySummary {
  private constructor(
    private value: CallSummary | undefined,
    private text: string | undefined,
  ) {}

  static of(value: CallSummary): LazySummary {
    return new LazySummary(value, undefined);
  }

  static fromText(text: string): LazySummary {
    return new LazySummary(undefined, text);
  }

  get(): CallSummary {
    return (this.value ??= JSON.parse(this.text!) as CallSummary);
  }

  toText(): string {
    return (this.text ??= JSON.stringify(this.value));
  }
}
