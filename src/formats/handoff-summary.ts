/** What `ctx brief` shows of a handoff: its objective/status and next action, a line each. */
export interface HandoffSummary {
  objective: string | null;
  next: string | null;
}

/** The first content line of the first section whose heading matches, list markers and placeholders aside. */
function firstLineUnder(lines: readonly string[], heading: RegExp): string | null {
  let inside = false;
  for (const line of lines) {
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) {
      inside = heading.test(title[1]!);
      continue;
    }
    const text = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "").trim();
    if (inside && text !== "" && !/^\[.*\]$/.test(text)) return text;
  }
  return null;
}

export function summarizeHandoff(text: string): HandoffSummary {
  const lines = text.split(/\r?\n/);
  return { objective: firstLineUnder(lines, /objective|status|goal/i), next: firstLineUnder(lines, /next/i) };
}
