import { MAX_PARSED_FILES, UNCLASSIFIED_LISTED, type MentionAccount, type WordUse } from "../core/traverse/mention-account.js";
import { unexplainedLines } from "../core/traverse/mention-account.js";
import type { RepoPath } from "../model.js";
import { findMentionLines } from "./find-mentions.js";

/**
 * Reads every indexed file for lines naming `word` and accounts for each (see MentionAccount).
 * `sites` and `otherCalls` are `path:line` keys. Every line left over is scanned (comments,
 * strings, imports, declarations after a keyword and members need no parse); the lines only the
 * compiler can tell are parsed, file by file in path order, up to MAX_PARSED_FILES files. The compiler is loaded only when some line is left to classify.
 */
export async function readMentionAccount(root: string, paths: readonly RepoPath[], word: string, sites: ReadonlySet<string>, otherCalls: ReadonlySet<string>): Promise<MentionAccount> {
  const mentions = findMentionLines(root, paths, word);
  const lines = new Map([...mentions].map(([path, found]) => [path, found.lines] as const));
  const explained = unexplainedLines(lines, sites, otherCalls);
  const account: MentionAccount = {
    lines: [...lines.values()].reduce((sum, found) => sum + found.length, 0),
    sites: explained.sites,
    otherCalls: explained.otherCalls,
    kinds: {},
    uses: [],
    unclassified: 0,
    unclassifiedAt: [],
  };
  if (explained.rest.size === 0) return account;
  const { scanWordUses, wordUses } = await import("../analysis/word-uses.js");
  const count = (use: WordUse): void => {
    account.kinds[use] = (account.kinds[use] ?? 0) + 1;
  };
  let parsed = 0;
  for (const [path, left] of [...explained.rest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const text = mentions.get(path)!.text;
    const scanned = scanWordUses(path, text, word, new Set(left));
    // What the tokens alone settle (text, imports, exports, declarations, members) is counted as
    // scanned: the compiler tells those the same, and a hub's answer would otherwise parse 40 files.
    const inCode = left.filter((line) => scanned.get(line) === "code");
    for (const line of left) if (scanned.get(line) !== "code") count(scanned.get(line) as WordUse);
    if (inCode.length === 0) continue;
    if (parsed < MAX_PARSED_FILES) {
      parsed += 1;
      const uses = wordUses(path, text, word, new Set(inCode));
      for (const line of [...uses.keys()].sort((a, b) => a - b)) {
        const use = uses.get(line)!;
        count(use);
        if (use === "use") account.uses.push(`${path}:${line}`);
      }
      continue;
    }
    for (const line of [...inCode].sort((a, b) => a - b)) {
      account.unclassified += 1;
      if (account.unclassifiedAt.length < UNCLASSIFIED_LISTED) account.unclassifiedAt.push(`${path}:${line}`);
    }
  }
  return account;
}
