import type { RepoPath } from "../../model.js";

// NOTE: the languages whose files ctx indexes for symbols, routes and modules but not yet for call
// sites (analysis/<language>/ has no extract-calls.ts): a lookup of their calls must say so rather
// than read as "nothing calls it".
const WITHOUT_CALLS: [RegExp, string][] = [
];

/** The language of a file whose call sites are not extracted, or undefined when they are. */
export function languageWithoutCalls(path: RepoPath): string | undefined {
  return WITHOUT_CALLS.find(([pattern]) => pattern.test(path))?.[1];
}
