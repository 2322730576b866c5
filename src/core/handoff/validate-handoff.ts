import { HANDOFF_SECTIONS, type Handoff, type HandoffSection } from "../../formats/handoff.js";
import type { Citations } from "./find-citations.js";
import { findPlaceholders, findTodos } from "./find-placeholders.js";

export const HANDOFF_MAX_LINES = 30;
/** Above this a handoff passes with a warning: it is drifting towards a transcript. */
export const HANDOFF_WARN_LINES = 20;

export const HANDOFF_RULES = [
  "missing-file",
  "too-long",
  "missing-section",
  "empty-section",
  "placeholder",
  "todo",
  "unordered-steps",
  "no-citations",
  "no-verification",
  "path-missing",
  "path-outside",
  "line-out-of-range",
  "symbol-unresolved",
] as const;
export type HandoffRule = (typeof HANDOFF_RULES)[number];

export interface HandoffProblem {
  rule: HandoffRule;
  /** 1-based line of the handoff; 0 when the problem is the file as a whole. */
  line: number;
  message: string;
  /** What to do about it, in one line. */
  fix: string;
}

export interface HandoffReport {
  valid: boolean;
  /**
   * The handoff is the untouched template: every required section there, holding nothing but its
   * placeholders — no task in progress (HANDOFF_EMPTY). It fails like any unfilled handoff; CI may
   * let it pass (`--allow-empty`), since `ctx init` and `ctx complete-task` leave it so.
   */
  empty: boolean;
  errors: HandoffProblem[];
  warnings: HandoffProblem[];
}

/** What the file system said about a cited path, resolved from the repository root. */
export type PathEvidence = { status: "file"; lines: number } | { status: "directory" | "missing" | "outside" };

/** What `ctx traverse Symbol` said about a cited symbol. */
export type SymbolEvidence = { found: true } | { found: false; reason: string; detail: string; suggestions: readonly string[] };

export interface CitationEvidence {
  paths: ReadonlyMap<string, PathEvidence>;
  symbols: ReadonlyMap<string, SymbolEvidence>;
}

const problem = (rule: HandoffRule, line: number, message: string, fix: string): HandoffProblem => ({ rule, line, message, fix });

export function missingHandoff(path: string): HandoffReport {
  return {
    valid: false,
    errors: [problem("missing-file", 0, `no handoff at ${path}`, "run `ctx init` to create it from the template, then fill it in")],
    warnings: [],
    empty: false,
  };
}

const isBlank = (text: string): boolean => text.replace(/<!--.*?-->/g, "").trim() === "";

/**
 * The rules that need nothing but the text: length, sections, placeholders, left-over TODOs,
 * steps, commands. Cheap enough for `ctx brief` to run on every call.
 */
export function checkHandoffText(handoff: Handoff, citations: Citations): HandoffReport {
  const errors: HandoffProblem[] = [];
  const warnings: HandoffProblem[] = [];
  if (handoff.lineCount > HANDOFF_MAX_LINES) {
    errors.push(
      problem("too-long", HANDOFF_MAX_LINES + 1, `${handoff.lineCount} lines; a handoff has at most ${HANDOFF_MAX_LINES}`, "keep only what the next agent acts on: exact paths, ordered steps, commands"),
    );
  } else if (handoff.lineCount > HANDOFF_WARN_LINES) {
    warnings.push(problem("too-long", HANDOFF_WARN_LINES + 1, `${handoff.lineCount} lines; aim for ${HANDOFF_WARN_LINES} or fewer`, "cut what the next agent will not act on"));
  }
  const lastLine = Math.max(1, handoff.lineCount);
  HANDOFF_SECTIONS.forEach(({ id, heading }, order) => {
    if (handoff.sections.some((s) => s.id === id)) return;
    // Where it belongs: before the next required section present, else at the end.
    const following = HANDOFF_SECTIONS.slice(order + 1)
      .map((later) => handoff.sections.find((s) => s.id === later.id)?.line)
      .find((line) => line !== undefined);
    errors.push(problem("missing-section", following ?? lastLine, `no "## ${heading}" section`, `add "## ${heading}" with its content (the template from \`ctx init\` has every section)`));
  });
  for (const line of [...handoff.preamble, ...handoff.sections.flatMap((s) => s.body)]) {
    for (const placeholder of findPlaceholders(line.text)) {
      errors.push(problem("placeholder", line.line, `template placeholder ${placeholder} left in`, "replace it with the real content"));
    }
    for (const todo of findTodos(line.text)) {
      errors.push(problem("todo", line.line, `${todo} left in`, "decide it now, or state it under Blockers as a concrete question"));
    }
  }
  for (const section of handoff.sections) {
    if (section.id === null) continue;
    const content = section.body.filter((line) => !isBlank(line.text));
    if (content.length === 0) {
      const none = section.id === "blockers" ? " (write `None` when there are none)" : "";
      errors.push(problem("empty-section", section.line, `section "${section.title}" is empty`, `write its content${none}`));
      continue;
    }
    if (content.some((line) => findPlaceholders(line.text).length > 0)) continue;
    checkSectionContent(section, content, citations, errors);
  }
  return { valid: errors.length === 0, errors, warnings, empty: isUntouchedTemplate(handoff) };
}

/** Every required section present, and no line saying anything but headings, comments and template placeholders. */
function isUntouchedTemplate(handoff: Handoff): boolean {
  if (!HANDOFF_SECTIONS.every(({ id }) => handoff.sections.some((s) => s.id === id))) return false;
  return [...handoff.sections.flatMap((s) => s.body)].every((line) => {
    let text = line.text.replace(/<!--.*?-->/g, "");
    for (const placeholder of findPlaceholders(text)) text = text.replace(placeholder, "");
    return /^[\s\-*`.\d)]*$/.test(text);
  });
}

/** Rules about what a filled-in section says. */
function checkSectionContent(section: HandoffSection, content: HandoffSection["body"], citations: Citations, errors: HandoffProblem[]): void {
  const inSection = (line: number): boolean => content.some((c) => c.line === line);
  switch (section.id) {
    case "steps":
      if (!content.some((line) => !line.fenced && /^\s*\d+[.)]\s+\S/.test(line.text))) {
        errors.push(problem("unordered-steps", section.line, "the edit steps are not numbered", "write them as an ordered list: 1. …, 2. …, in the order to do them"));
      }
      return;
    case "paths":
      if (![...citations.paths, ...citations.symbols].some((c) => inSection(c.line))) {
        errors.push(problem("no-citations", section.line, `"${section.title}" names no file or symbol`, "list them exactly: path/to/file.ts:LINE and `Symbol` (as `ctx traverse Symbol` takes it)"));
      }
      return;
    case "verification":
      if (!content.some((line) => (line.fenced && !/^\s*(```|~~~)/.test(line.text)) || /`[^`]+`/.test(line.text))) {
        errors.push(problem("no-verification", section.line, "no command to run", "give each command in backticks, exactly as it is run, e.g. `npm test -- users`"));
      }
      return;
    default:
      return;
  }
}

function checkCitations(citations: Citations, evidence: CitationEvidence): HandoffProblem[] {
  const errors: HandoffProblem[] = [];
  for (const citation of citations.paths) {
    if (citation.exempt) continue;
    const found = evidence.paths.get(citation.path);
    const cited = citation.from === null ? citation.path : `${citation.path}:${citation.from}${citation.to !== citation.from ? `-${citation.to}` : ""}`;
    if (!found) continue;
    if (found.status === "outside") {
      errors.push(problem("path-outside", citation.line, `${citation.path} is outside the repository`, "cite paths inside the repository, relative to its root"));
    } else if (found.status === "missing") {
      errors.push(problem("path-missing", citation.line, `${citation.path} does not exist`, "correct the path (relative to the repository root), or write (new) right after it when the task creates it"));
    } else if (citation.from !== null && found.status === "directory") {
      errors.push(problem("line-out-of-range", citation.line, `${cited}: ${citation.path} is a directory`, "cite a file's line, or the directory alone"));
    } else if (citation.from !== null && found.status === "file" && (citation.from < 1 || Math.max(citation.from, citation.to ?? 0) > found.lines)) {
      errors.push(problem("line-out-of-range", citation.line, `${cited} is past the end of ${citation.path} (${found.lines} lines)`, "cite a line that exists now (`ctx traverse Symbol <name>` gives it)"));
    }
  }
  for (const citation of citations.symbols) {
    const found = evidence.symbols.get(citation.query);
    if (citation.exempt || !found || found.found) continue;
    const hint = found.suggestions.length > 0 ? `did you mean ${found.suggestions.slice(0, 3).map((s) => `\`${s}\``).join(", ")}? ` : "";
    const fix =
      found.reason === "not-indexed"
        ? "run `ctx index`, then validate again"
        : found.reason === "stale"
          ? "run `ctx index` to refresh it, then check the citation still holds"
          : `${hint}cite the name as \`ctx traverse Symbol\` finds it, or write (new) on its line when the task adds it`;
    // traverse's detail ends with what to run; the fix says it, once.
    const detail = found.detail.replace(/; run `[^`]*`[^;]*$/, "");
    errors.push(problem("symbol-unresolved", citation.line, `\`${citation.query}\`: ${detail}`, fix));
  }
  return errors;
}

const byLine = (a: HandoffProblem, b: HandoffProblem): number =>
  a.line - b.line || HANDOFF_RULES.indexOf(a.rule) - HANDOFF_RULES.indexOf(b.rule) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);

/** Every rule of the handoff gate, over the text and what was found of its citations; problems sorted by line. */
export function validateHandoff(handoff: Handoff, citations: Citations, evidence: CitationEvidence): HandoffReport {
  const text = checkHandoffText(handoff, citations);
  const errors = [...text.errors, ...checkCitations(citations, evidence)].sort(byLine);
  return { valid: errors.length === 0, errors, warnings: text.warnings.sort(byLine), empty: text.empty };
}
