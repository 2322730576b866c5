/**
 * Raw terminal output as the lines a reader saw: ANSI colour and cursor codes removed, and a line
 * redrawn with `\r` (progress bars, spinners) reduced to what it last showed. Every line returned
 * is a line of the raw output after this cleaning; nothing else is changed or added.
 */

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

export function cleanLines(raw: string): string[] {
  const text = stripAnsi(raw).replace(/\r\n/g, "\n");
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => {
    if (!line.includes("\r")) return line;
    // A carriage return starts the line again: what was drawn last is what stayed on screen.
    const frames = line.split("\r").filter((frame) => frame !== "");
    return frames.at(-1) ?? "";
  });
}

/** Numbers, hex, times and ids reduced for comparing lines only; the kept line is always the original. */
export function repeatKey(line: string): string {
  return line
    .replace(/\b\d{4}-\d\d-\d\dT[\d:.]+Z?\b/g, "<t>")
    .replace(/\b\d\d:\d\d:\d\d(?:\.\d+)?\b/g, "<t>")
    .replace(/\b0x[0-9a-f]+\b/gi, "<h>")
    .replace(/\b[0-9a-f]{7,}\b/gi, "<h>")
    .replace(/\d+(?:\.\d+)?/g, "<n>")
    .trim();
}
