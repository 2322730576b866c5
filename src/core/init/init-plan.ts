/** What `ctx init` puts in a repository: each file of `.ai/` and where its content comes from. */
export interface InitFile {
  /** Repository-relative path. */
  path: string;
  /** The template it is copied from (under the package's templates/), or null for an empty file. */
  template: string | null;
}

export const INIT_FILES: readonly InitFile[] = [
  { path: ".ai/HANDOFF.md", template: "HANDOFF.md" },
  { path: ".ai/research.md", template: "research.md" },
  { path: ".ai/lessons-learned.md", template: "lessons-learned.md" },
  { path: ".ai/brain-index.md", template: "brain-index.md" },
  { path: ".ai/hot-cache.jsonl", template: null },
  { path: ".ai/incident-cache.jsonl", template: null },
  { path: ".ai/index-config.yaml", template: "index-config.yaml" },
];

/** What `.gitignore` must hold so derived caches and raw command logs stay out of commits. */
export const IGNORED = [".ai/.cache/", ".ai/logs/"] as const;

/**
 * What to append to a `.gitignore` (null: there is none) so that it ignores IGNORED: the entries
 * it lacks, and the text that adds them under a comment ("" when it has them all).
 */
export function gitignoreAdditions(existing: string | null): { missing: string[]; text: string } {
  const lines = new Set((existing ?? "").split(/\r?\n/).map((line) => line.trim()));
  const missing = IGNORED.filter((entry) => !lines.has(entry) && !lines.has(`/${entry}`));
  if (missing.length === 0) return { missing, text: "" };
  const separator = existing === null || existing === "" || existing.endsWith("\n") ? "" : "\n";
  return { missing, text: `${separator}# ctx: derived caches and raw command logs\n${missing.join("\n")}\n` };
}
