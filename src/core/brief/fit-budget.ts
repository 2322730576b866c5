/** A part of the text output: fixed lines, then a ranked list that may be cut from its tail. */
export interface BriefSection {
  /** Lines always kept (a heading, a one-line state). */
  head: string[];
  /** Ranked items, best first. */
  items: string[];
  /** Lower gives up items first. */
  priority: number;
  /** Items kept while a lower-priority section can still give some up. */
  keep: number;
  /** How the cut is shown: `+N more` with this after it. */
  more: (hidden: number) => string;
  /** Items never offered (a list bounded before the budget), counted in the `+N more`. */
  beyond?: number;
}

/**
 * The sections' lines within `budget` tokens (as `count` measures them): items are cut from the
 * tails of the lowest-priority lists first, each list down to its `keep` before the next is
 * touched, then all down to none; a cut list ends with its `+N more` line. Heads are never cut.
 */
export function fitBudget(sections: readonly BriefSection[], budget: number, count: (text: string) => number): string {
  const shown = sections.map((section) => section.items.length);
  const render = (): string =>
    `${sections
      .flatMap((section, i) => {
        const hidden = section.items.length - shown[i]! + (section.beyond ?? 0);
        return [...section.head, ...section.items.slice(0, shown[i]), ...(hidden > 0 ? [section.more(hidden)] : [])];
      })
      .join("\n")}\n`;
  const order = sections.map((_, i) => i).sort((a, b) => sections[a]!.priority - sections[b]!.priority || b - a);
  let text = render();
  for (const floor of [(i: number) => sections[i]!.keep, () => 0]) {
    for (const i of order) {
      while (count(text) > budget && shown[i]! > Math.min(floor(i), sections[i]!.items.length)) {
        shown[i]! -= 1;
        text = render();
      }
    }
  }
  return text;
}
