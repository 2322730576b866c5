import { estimateTokens } from "../../core/brief/estimate-tokens.js";
import { numbered } from "../../core/read/excerpt.js";
import type { OutlineEntry } from "../../core/read/outline-entries.js";
import type { RejectedCandidate } from "../../core/traverse/traverse-result.js";
import { quotePath } from "../../formats/quoted-path.js";
import type { OutlineResult } from "../commands/outline-command.js";
import type { ShowMatch, ShowResult } from "../commands/show-command.js";

const PARSED = " (changed since indexing: parsed now)";

function missLines(kind: string, query: string, result: { reason: string | null; detail: string | null; rejected: readonly RejectedCandidate[]; fallback: string | null }): string[] {
  const lines = [`TRAVERSE_MISS ${kind} ${query}: ${result.reason}${result.detail ? ` (${result.detail})` : ""}`];
  for (const rejected of result.rejected) lines.push(`rejected: ${quotePath(rejected.path)} (${rejected.reason} since indexing)`);
  if (result.fallback) lines.push(`fallback: ${result.fallback}`);
  return lines;
}

const place = (match: Pick<ShowMatch, "path" | "line" | "endLine">): string => `${quotePath(match.path)}:${match.line}${match.endLine !== match.line ? `-${match.endLine}` : ""}`;

/** What a declaration found by an alias is exported as, and where. */
const exportedAs = (match: ShowMatch): string => (match.exportedAs === undefined ? "" : ` (exported as ${match.exportedAs} from ${(match.exportedFrom ?? []).map(quotePath).join(", ")})`);

/** One declaration's source with line numbers, or one line per match when the query names several. */
export function renderShowText(result: ShowResult): string {
  if (result.status === "miss") return `${missLines("Show", result.query, result).join("\n")}\n`;
  const { matches, source } = result;
  if (!source) {
    const lines = [`SHOW ${result.query}: ${matches.length} declarations; name one as path:Name or path:line`];
    for (const match of matches) lines.push(`${match.kind} ${match.name} ${place(match)}${match.state === "parsed" ? PARSED : ""}${exportedAs(match)} · ${match.head}`);
    return `${lines.join("\n")}\n`;
  }
  const match = matches[0]!;
  const lines = [`SHOW ${match.kind} ${match.name} ${quotePath(match.path)}:${source.start}-${source.end}${match.state === "parsed" ? PARSED : ""}${exportedAs(match)}`];
  source.text.forEach((text, i) => lines.push(numbered(source.start + i, text)));
  if (source.more > 0) lines.push(`… ${source.more} lines more (all of it: --budget ${Math.ceil(source.tokens / 100) * 100})`);
  return `${lines.join("\n")}\n`;
}

export function showJson(result: ShowResult): object {
  return {
    status: result.status,
    query: result.query,
    matches: result.matches,
    source: result.source && { start: result.source.start, end: result.source.end, text: result.source.text.join("\n"), more: result.source.more, tokens: result.source.tokens },
    rejected: result.rejected,
    reason: result.reason,
    detail: result.detail,
    fallback: result.fallback,
  };
}

/**
 * Lines, then the first line of code — which names the declaration and its kind nearly always; when
 * it does not (an arrow function's constant), kind and name first. `+`: exported, where no `export` says so.
 */
function entryLine(entry: OutlineEntry, indent: number): string {
  const exported = entry.exported && !/^export\b/.test(entry.head) ? " +" : "";
  const head = entry.head.includes(entry.name) ? entry.head : `${entry.kind} ${entry.name} · ${entry.head}`;
  const lines = entry.endLine === entry.line ? `${entry.line}` : `${entry.line}-${entry.endLine}`;
  return `${"  ".repeat(indent + entry.depth)}${lines}${exported} ${head}`;
}

/** Declarations one per line under their files, until `budget` tokens; what is cut is counted. */
export function renderOutlineText(result: OutlineResult, budget: number): string {
  if (result.status === "miss") return `${missLines("Outline", result.target, result).join("\n")}\n`;
  const count = result.files.reduce((sum, file) => sum + file.entries.length, 0);
  const one = result.scope === "file";
  const head = one
    ? `OUTLINE ${quotePath(result.files[0]!.path)} (${count} declarations)${result.files[0]!.state === "parsed" ? PARSED : ""}`
    : `OUTLINE ${result.target} (${result.scope}: ${result.files.length} files, ${count} top-level declarations; members: outline one file)`;
  const lines = [head];
  let used = estimateTokens(head);
  let shown = 0;
  outer: for (const file of result.files) {
    const fileLines = one ? [] : [`${quotePath(file.path)}${file.state === "parsed" ? PARSED : ""}`];
    for (const entry of file.entries) {
      const line = entryLine(entry, one ? 0 : 1);
      const cost = estimateTokens([...fileLines, line].join("\n")) + 1;
      if (budget > 0 && shown > 0 && used + cost > budget) break outer;
      lines.push(...fileLines.splice(0), line);
      used += cost;
      shown += 1;
    }
  }
  if (shown < count) lines.push(`… ${count - shown} more declarations (raise --budget${one ? "" : ", or outline one file"})`);
  for (const rejected of result.rejected) lines.push(`rejected: ${quotePath(rejected.path)} (${rejected.reason} since indexing)`);
  return `${lines.join("\n")}\n`;
}

export function outlineJson(result: OutlineResult): object {
  return { status: result.status, target: result.target, scope: result.scope, files: result.files, rejected: result.rejected, reason: result.reason, detail: result.detail, fallback: result.fallback };
}
