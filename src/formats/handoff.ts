/**
 * `.ai/HANDOFF.md`: a short Markdown file with one `##` section per part of the handoff. This module
 * turns its text into sections and lines; what makes a handoff good enough is core/handoff's business.
 */

export const HANDOFF_SECTION_IDS = ["objective", "paths", "steps", "invariants", "changed", "verification", "blockers", "next"] as const;
export type HandoffSectionId = (typeof HANDOFF_SECTION_IDS)[number];

/**
 * The sections a handoff must have, in the template's order, with the heading the template uses.
 * A heading is recognised by its words, so `## Status` or `## Next step` still count.
 */
export const HANDOFF_SECTIONS: readonly { id: HandoffSectionId; heading: string; pattern: RegExp }[] = [
  { id: "objective", heading: "Objective / status", pattern: /\b(objective|status|goal)\b/i },
  { id: "paths", heading: "Exact paths and symbols", pattern: /\b(paths?|symbols?)\b/i },
  { id: "steps", heading: "Ordered edit steps", pattern: /^(?!.*\bnext\b).*\bsteps?\b/i },
  { id: "invariants", heading: "Invariants", pattern: /\binvariants?\b/i },
  { id: "changed", heading: "Changed files", pattern: /\b(changed files|files changed|changes)\b/i },
  { id: "verification", heading: "Verification commands", pattern: /\b(verification|verify)\b/i },
  { id: "blockers", heading: "Blockers", pattern: /\bblock(ers?|ed)\b/i },
  { id: "next", heading: "Next action", pattern: /\bnext\b/i },
];

export interface HandoffLine {
  /** 1-based. */
  line: number;
  text: string;
  /** Inside a fenced code block (the fences included). */
  fenced: boolean;
}

export interface HandoffSection {
  /** Which required section the heading is, or null for one of the author's own. */
  id: HandoffSectionId | null;
  title: string;
  /** The heading's line. */
  line: number;
  /** The lines up to the next heading. */
  body: HandoffLine[];
}

export interface Handoff {
  /** Lines in the file; a final newline does not start another. */
  lineCount: number;
  /** Lines before the first `##` heading (the `# Handoff` title). */
  preamble: HandoffLine[];
  sections: HandoffSection[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** The required section a heading stands for: the first, in template order, whose words it has and no earlier heading took. */
function sectionIdOf(title: string, taken: ReadonlySet<HandoffSectionId>): HandoffSectionId | null {
  return HANDOFF_SECTIONS.find((section) => !taken.has(section.id) && section.pattern.test(title))?.id ?? null;
}

export function parseHandoff(text: string): Handoff {
  const raw = text.split(/\r?\n/);
  if (raw.length > 0 && raw[raw.length - 1] === "") raw.pop();
  const handoff: Handoff = { lineCount: raw.length, preamble: [], sections: [] };
  const taken = new Set<HandoffSectionId>();
  let fence: string | null = null;
  raw.forEach((text, index) => {
    const line = index + 1;
    const opening = FENCE.exec(text)?.[1];
    const fenced = fence !== null || opening !== undefined;
    if (opening !== undefined) fence = fence === null ? opening : fence === opening ? null : fence;
    const heading = fenced ? null : HEADING.exec(text);
    if (heading && heading[1]!.length >= 2) {
      const id = sectionIdOf(heading[2]!, taken);
      if (id) taken.add(id);
      handoff.sections.push({ id, title: heading[2]!, line, body: [] });
      return;
    }
    (handoff.sections.at(-1)?.body ?? handoff.preamble).push({ line, text, fenced });
  });
  return handoff;
}

/** A line's text without its list marker (`-`, `*`, `1.`) and task box, trimmed. */
export function itemText(text: string): string {
  return text
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/^\[[ xX]\]\s+/, "")
    .trim();
}

/** What `ctx brief` shows of a handoff: its objective/status and next action, a line each. */
export interface HandoffSummary {
  objective: string | null;
  next: string | null;
}

/** The first content line of a section, placeholders (`[…]`) aside. */
function firstContent(handoff: Handoff, id: HandoffSectionId): string | null {
  const section = handoff.sections.find((s) => s.id === id);
  for (const { text } of section?.body ?? []) {
    const content = itemText(text);
    if (content !== "" && !/^\[.*\]$/.test(content)) return content;
  }
  return null;
}

export function summarizeHandoff(handoff: Handoff): HandoffSummary {
  return { objective: firstContent(handoff, "objective"), next: firstContent(handoff, "next") };
}
