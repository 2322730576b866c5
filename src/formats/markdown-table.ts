import { FormatError } from "../errors.js";
import { quotePath, unquotePath } from "./quoted-path.js";

/**
 * GitHub-flavoured Markdown tables that round-trip: cells escape `|` as `\|`, and code cells use a
 * backtick fence longer than any run inside them, so signatures like `Array<T>` render and parse back.
 */
export function escapeCell(value: string): string {
  return value.replace(/\|/g, "\\|");
}

export function codeCell(value: string): string {
  if (value === "") return "";
  const longestRun = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = value.startsWith("`") || value.endsWith("`") ? " " : "";
  return `${fence}${pad}${escapeCell(value)}${pad}${fence}`;
}

export function renderRow(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

export function renderTable(header: readonly string[], rows: readonly string[][]): string {
  const lines = [renderRow(header), renderRow(header.map(() => "---"))];
  for (const row of rows) lines.push(renderRow(row));
  return lines.join("\n");
}

/** Splits one table row into unescaped cells; null when the line is not a table row. */
export function splitRow(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("|") || !trimmed.endsWith("|") || trimmed.length < 2) return null;
  const cells: string[] = [];
  let current = "";
  for (let i = 1; i < trimmed.length - 1; i += 1) {
    const char = trimmed[i]!;
    // Only `\|` is an escape; every other backslash is literal, as GitHub renders it.
    if (char === "\\" && trimmed[i + 1] === "|" && i + 1 < trimmed.length - 1) {
      current += "|";
      i += 1;
      continue;
    }
    if (char === "|") {
      cells.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  cells.push(current.trim());
  return cells;
}

export function parseCodeCell(cell: string): string {
  const match = /^(`+)/.exec(cell);
  if (!match) return cell;
  const fence = match[1]!;
  if (cell.length < fence.length * 2 || !cell.endsWith(fence)) return cell;
  let inner = cell.slice(fence.length, cell.length - fence.length);
  if (inner.startsWith(" ") && inner.endsWith(" ") && inner.trim().length > 0 && (inner.trim().startsWith("`") || inner.trim().endsWith("`"))) {
    inner = inner.slice(1, -1);
  }
  return inner;
}

export interface ParsedTable {
  /** 1-based line number of each data row, parallel to `rows`. */
  lines: number[];
  rows: string[][];
}

/**
 * Reads the first table whose header matches `header` exactly. Rows with the wrong number of cells
 * are errors naming the file and line, since a hand edit gone wrong must not be silently dropped.
 */
export function parseTable(text: string, header: readonly string[], file: string, afterHeading?: string): ParsedTable {
  const lines = text.split("\n");
  let start = 0;
  if (afterHeading !== undefined) {
    start = lines.findIndex((line) => line.trim() === afterHeading);
    if (start < 0) return { lines: [], rows: [] };
  }
  const headerIndex = lines.findIndex((line, i) => i >= start && sameCells(splitRow(line), header));
  if (headerIndex < 0) {
    throw new FormatError(file, 1, `no table with columns ${header.join(", ")}`, "regenerate it with `ctx index`");
  }
  const result: ParsedTable = { lines: [], rows: [] };
  for (let i = headerIndex + 2; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === "") break;
    const cells = splitRow(line);
    if (!cells) break;
    if (cells.length !== header.length) {
      throw new FormatError(file, i + 1, `expected ${header.length} cells, found ${cells.length}`);
    }
    result.lines.push(i + 1);
    result.rows.push(cells);
  }
  return result;
}

function sameCells(cells: string[] | null, header: readonly string[]): boolean {
  return cells !== null && cells.length === header.length && cells.every((cell, i) => cell === header[i]);
}

/** `path:line` or `path:line-end`, the path quoted where it must be (formats/quoted-path.ts), as a cell. */
export function locationCell(path: string, line: number, endLine?: number): string {
  return escapeCell(`${quotePath(path)}:${line}${endLine === undefined ? "" : `-${endLine}`}`);
}

export function parseLocation(cell: string, file: string, line: number): { path: string; line: number; endLine: number } {
  const match = /^(.+):(\d+)(?:-(\d+))?$/.exec(cell);
  if (!match) throw new FormatError(file, line, `expected path:line or path:line-end, found "${cell}"`);
  const start = Number(match[2]);
  return { path: unquotePath(match[1]!, { file, line }), line: start, endLine: match[3] ? Number(match[3]) : start };
}

export function parseYesNo(cell: string, file: string, line: number): boolean {
  if (cell === "yes") return true;
  if (cell === "no") return false;
  throw new FormatError(file, line, `expected yes or no, found "${cell}"`);
}

export function yesNo(value: boolean): string {
  return value ? "yes" : "no";
}
