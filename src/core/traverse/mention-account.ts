import type { RepoPath } from "../../model.js";

/**
 * What a line naming a word holds, as the compiler parses it: the word imported or exported, a
 * declaration's name, a type, a member of that name of something else, a local of that name, some
 * other use in code (passed along, assigned, read), or only in comments, strings and JSX text.
 */
export type WordUse = "import" | "export" | "declaration" | "type" | "member" | "local" | "use" | "text";

/**
 * Every line `rg -n -w <name>` would print in the indexed files, accounted for against a one-level
 * Caller answer: the sites it lists (tests and unresolved calls included), calls that land on other
 * declarations of that name, and the rest by what the compiler sees on the line. An agent that can
 * see no line is left over has no reason to run the grep.
 */
export interface MentionAccount {
  /** Lines naming the word in indexed files. */
  lines: number;
  /** Of them, lines of the answer's own sites (listed, in tests, or unresolved by name). */
  sites: number;
  /** Lines of resolved calls of other declarations of the same name. */
  otherCalls: number;
  /** The remaining lines, by what they hold. */
  kinds: Partial<Record<WordUse, number>>;
  /** `path:line` of the remaining lines that use the name in code (not listed as a site): worth a look. */
  uses: string[];
  /**
   * Remaining lines in code the compiler did not classify: in files past the MAX_PARSED_FILES parsed
   * for one answer (their comments, strings, imports, declarations and members are told apart by a scan).
   */
  unclassified: number;
  /** `path:line` of the first UNCLASSIFIED_LISTED of those lines, in path and line order (a page must stay small). */
  unclassifiedAt: string[];
}

export const UNCLASSIFIED_LISTED = 20;

/** Files whose lines in code are parsed for one answer: each costs a parse, and one answer must stay quick. */
export const MAX_PARSED_FILES = 40;

/** The lines naming the word that neither the answer's sites nor other declarations' calls explain, per file. */
export function unexplainedLines(mentions: ReadonlyMap<RepoPath, readonly number[]>, sites: ReadonlySet<string>, otherCalls: ReadonlySet<string>): { sites: number; otherCalls: number; rest: Map<RepoPath, number[]> } {
  let siteLines = 0;
  let otherLines = 0;
  const rest = new Map<RepoPath, number[]>();
  for (const [path, lines] of mentions) {
    for (const line of lines) {
      const key = `${path}:${line}`;
      if (sites.has(key)) siteLines += 1;
      else if (otherCalls.has(key)) otherLines += 1;
      else rest.set(path, [...(rest.get(path) ?? []), line]);
    }
  }
  return { sites: siteLines, otherCalls: otherLines, rest };
}
