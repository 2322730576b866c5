import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { gitignoreAdditions, INIT_FILES } from "../../core/init/init-plan.js";
import { createIfAbsent, readIfReadable } from "../../io/atomic-write.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { readTemplate } from "../../io/templates.js";

export interface InitResult {
  root: string;
  /** Files this run created, repository-relative. */
  created: string[];
  /** Files that existed and were left as they were. */
  kept: string[];
  /** The entries this run added to `.gitignore` (none when it had them). */
  ignored: string[];
}

/** Creates what is missing of `.ai/` from the templates; never overwrites a file. */
export async function runInit(cwd: string): Promise<InitResult> {
  const root = findRepoRoot(cwd);
  const result: InitResult = { root, created: [], kept: [], ignored: [] };
  for (const file of INIT_FILES) {
    const content = file.template === null ? "" : readTemplate(file.template);
    if (await createIfAbsent(join(root, file.path), content)) result.created.push(file.path);
    else result.kept.push(file.path);
  }
  const gitignore = join(root, ".gitignore");
  const additions = gitignoreAdditions(readIfReadable(gitignore) ?? null);
  if (additions.text !== "") await appendFile(gitignore, additions.text);
  result.ignored = additions.missing;
  return result;
}
