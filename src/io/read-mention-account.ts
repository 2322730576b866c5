import type { MentionAccount } from "../core/traverse/mention-account.js";
import { unexplainedLines } from "../core/traverse/mention-account.js";
import type { RepoPath } from "../model.js";
import { findMentionLines } from "./find-mentions.js";

/** Past this many files with lines left over, they are counted, not parsed: one answer must stay quick. */
const MAX_PARSED_FILES = 40;

/**
 * Reads every indexed file for lines naming `word` and accounts for each (see MentionAccount).
 * `sites` and `otherCalls` are `path:line` keys. The compiler is loaded only when some line is
 * left to classify.
 */
export async function readMentionAccount(root: string, paths: readonly RepoPath[], word: string, sites: ReadonlySet<string>, otherCalls: ReadonlySet<string>): Promise<MentionAccount> {
  const mentions = findMentionLines(root, paths, word);
  const lines = new Map([...mentions].map(([path, found]) => [path, found.lines] as const));
  const explained = unexplainedLines(lines, sites, otherCalls);
  const account: MentionAccount = { lines: [...lines.values()].reduce((sum, found) => sum + found.length, 0), sites: explained.sites, otherCalls: explained.otherCalls, kinds: {}, uses: [], unclassified: 0 };
  if (explained.rest.size > MAX_PARSED_FILES) {
    account.unclassified = [...explained.rest.values()].reduce((sum, found) => sum + found.length, 0);
    return account;
  }
  if (explained.rest.size === 0) return account;
  const { wordUses } = await import("../analysis/word-uses.js");
  for (const [path, left] of [...explained.rest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const uses = wordUses(path, mentions.get(path)!.text, word, new Set(left));
    for (const line of [...uses.keys()].sort((a, b) => a - b)) {
      const use = uses.get(line)!;
      account.kinds[use] = (account.kinds[use] ?? 0) + 1;
      if (use === "use") account.uses.push(`${path}:${line}`);
    }
  }
  return account;
}
