/** A line of a JSONL file that is not a JSON object: reported with its line number, never dropped. */
export interface MalformedLine {
  file: string;
  /** 1-based. */
  line: number;
  text: string;
  error: string;
}

export interface JsonLines {
  records: { line: number; value: Record<string, unknown> }[];
  malformed: MalformedLine[];
}

/** Parses JSON Lines; blank lines are skipped, a line that is not a JSON object is reported. */
export function parseJsonLines(text: string, file: string): JsonLines {
  const parsed: JsonLines = { records: [], malformed: [] };
  text.split("\n").forEach((raw, index) => {
    const text = raw.replace(/\r$/, "");
    if (text.trim() === "") return;
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) parsed.records.push({ line: index + 1, value: value as Record<string, unknown> });
      else parsed.malformed.push({ file, line: index + 1, text, error: "not a JSON object" });
    } catch (error) {
      parsed.malformed.push({ file, line: index + 1, text, error: (error as Error).message });
    }
  });
  return parsed;
}

/** One record as one line: JSON with no newline inside (JSON.stringify escapes them in strings). */
export function renderJsonLine(record: object): string {
  return `${JSON.stringify(record)}\n`;
}
