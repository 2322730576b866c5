/** What a compressor keeps: lines of the raw output, and ctx's own lines, which always carry PREFIX. */
export const PREFIX = "[ctx]";

export type Verdict = "passed" | "failed" | "unparsed";

export interface OutputLine {
  /** The cleaned raw line, or ctx's own text (starting with PREFIX). */
  text: string;
  /** 1-based line of the cleaned raw output; null for ctx's own lines. */
  source: number | null;
}

/** An item that must survive: a failing test, a diagnostic, a count. */
export interface KeptItem {
  kind: string;
  text: string;
  /** Where it is in the cleaned output. */
  line: number;
}

export interface Omission {
  /** What was cut, in words: `37 passing tests`, `7 node_modules frames`, `120 lines`. */
  what: string;
  count: number;
}

export interface Compressed {
  tool: string;
  exitCode: number | null;
  verdict: Verdict;
  /** Exact counts where the tool states them (passed, failed, skipped, errors, warnings). */
  counts: Record<string, number>;
  items: KeptItem[];
  omitted: Omission[];
  lines: OutputLine[];
}
