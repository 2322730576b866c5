import type { LineSpan } from "../analysis/statement-lines.js";
import type { Declaration } from "../core/read/declaration-lines.js";
import { parseRoutingSymbols, type RoutingTable } from "../formats/routing-table.js";
import type { RepoPath } from "../model.js";
import type { IndexReader } from "./lookup-cache.js";
import { observeFile } from "./read-source.js";

/**
 * A file as `show` and `outline` read it: its text now, and its declarations — the index's when the
 * file still has the hash the index recorded, else parsed from the text read now. Never the
 * index's lines over a changed text.
 */
export type ReadFile = ReadText | { path: RepoPath; state: "missing" | "unreadable" };

export interface ReadText {
  path: RepoPath;
  state: "fresh" | "parsed";
  lines: string[];
  declarations: Declaration[];
}

export const wasRead = (file: ReadFile | undefined): file is ReadText => file !== undefined && "lines" in file;

/**
 * Reads each path once: hashed against the index, declarations from the routing table or a parse.
 * Without a table (the caller has the index's rows already), an unchanged file's declarations are
 * left empty: reading the table costs more than the rest of a lookup.
 */
export async function readDeclarations(root: string, reader: IndexReader, table: RoutingTable | null, paths: readonly RepoPath[]): Promise<ReadFile[]> {
  await reader.files.load(paths);
  const texts = paths.map((path) => readNow(root, path));
  const fresh = paths.map((path, i) => {
    const text = texts[i]!;
    return typeof text === "object" && reader.files.get(path)?.sha256 === text.sha;
  });
  const places = paths.flatMap((path, i) => {
    const line = fresh[i] ? table?.lineOf(path) : undefined;
    return line === undefined || !table ? [] : [table.symbolsAt(line)];
  });
  const symbolTexts = places.length > 0 ? await reader.routingSymbols(places) : [];
  let next = 0;
  const results: ReadFile[] = [];
  for (const [i, path] of paths.entries()) {
    const read = texts[i]!;
    if (read === "missing" || read === "unreadable") {
      results.push({ path, state: read });
      continue;
    }
    const lines = read.text.split(/\r?\n/);
    if (fresh[i]) {
      const indexed = table?.lineOf(path) !== undefined;
      const declarations = indexed ? parseRoutingSymbols(symbolTexts[next] ?? "").map((s) => ({ ...s, path })) : [];
      if (indexed) next += 1;
      results.push({ path, state: "fresh", lines, declarations });
    } else {
      results.push({ path, state: "parsed", lines, declarations: await parseDeclarations(path, read.text) });
    }
  }
  return results;
}

/** The file's text and hash now, read as `ctx index` reads it (a symbolic link, a binary or a non-UTF-8 file is not read). */
function readNow(root: string, path: RepoPath): { text: string; sha: string } | "missing" | "unreadable" {
  const observed = observeFile(root, path, Number.POSITIVE_INFINITY);
  if (observed.kind === "read") return { text: observed.text, sha: observed.sha256 };
  return observed.kind === "skipped" && observed.reason.startsWith("deleted") ? "missing" : "unreadable";
}

/** Declarations from a parse of the text as it is now. The compiler is loaded only here: a fresh file never needs it. */
async function parseDeclarations(path: RepoPath, text: string): Promise<Declaration[]> {
  const { extractFileSymbols } = await import("../analysis/extract-file-symbols.js");
  return (await extractFileSymbols(path, text)).map((s) => ({
    name: s.container ? `${s.container}.${s.name}` : s.name,
    kind: s.kind,
    path,
    line: s.line,
    endLine: s.endLine,
    exported: s.exported,
  }));
}

/** The lines of the code that starts on `line` of a file as read now: a route registration with its inline handler. */
export async function statementAt(file: ReadText, line: number): Promise<LineSpan | null> {
  const { statementLines } = await import("../analysis/statement-lines.js");
  return statementLines(file.path, file.lines.join("\n"), line);
}
