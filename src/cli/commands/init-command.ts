import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { agentSection, CLAUDE_POINTER, withSection } from "../../core/init/agent-instructions.js";
import { CI_FILES, gitattributesAdditions, gitignoreAdditions, INIT_FILES, type CiProvider } from "../../core/init/init-plan.js";
import { createIfAbsent, readIfReadable, writeFileAtomic } from "../../io/atomic-write.js";
import { gitHooksDir } from "../../io/git.js";
import { invocationAt } from "../../io/locate-ctx.js";
import { MERGE_DRIVER, registerMergeDriver } from "../../io/merge-driver.js";
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
  /** The lines this run added to `.gitattributes` (none when it had them). */
  attributes: string[];
  /** AGENTS.md and CLAUDE.md where this run added or updated ctx's section (none when they held it). */
  instructions: string[];
  /** Whether the merge driver for generated indexes is registered in this clone's git configuration (false outside git). */
  mergeDriver: boolean;
  /** How ctx runs in this repository (`npx ctx`, `ctx`, or `npx -y ctx-nav` when it is not installed): what the instructions say. */
  invocation: string;
}

/** Creates what is missing of `.ai/` from the templates and keeps ctx's section of the agent instructions current; never overwrites a file of yours. */
export async function runInit(cwd: string, options: { ci?: CiProvider } = {}): Promise<InitResult> {
  const root = findRepoRoot(cwd);
  const invocation = invocationAt(root);
  const result: InitResult = { root, created: [], kept: [], ignored: [], attributes: [], instructions: [], mergeDriver: false, invocation };
  for (const file of options.ci === undefined ? INIT_FILES : [...INIT_FILES, CI_FILES[options.ci]]) {
    const content = file.template === null ? "" : readTemplate(file.template);
    if (await createIfAbsent(join(root, file.path), content)) result.created.push(file.path);
    else result.kept.push(file.path);
  }
  result.ignored = await appendMissing(join(root, ".gitignore"), gitignoreAdditions);
  result.attributes = await appendMissing(join(root, ".gitattributes"), (existing) => gitattributesAdditions(existing, MERGE_DRIVER));
  for (const [file, section] of [["AGENTS.md", agentSection(invocation)], ["CLAUDE.md", CLAUDE_POINTER]] as const) {
    const next = withSection(readIfReadable(join(root, file)) ?? null, section);
    if (next === null) continue;
    await writeFileAtomic(join(root, file), next);
    result.instructions.push(file);
  }
  if ((await gitHooksDir(root)) !== null) {
    await registerMergeDriver(root);
    result.mergeDriver = true;
  }
  return result;
}

async function appendMissing(path: string, additions: (existing: string | null) => { missing: string[]; text: string }): Promise<string[]> {
  const { missing, text } = additions(readIfReadable(path) ?? null);
  if (text !== "") await appendFile(path, text);
  return missing;
}
