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

/** The CI workflows `ctx init --ci <provider>` adds: ctx's gates on every pull request. */
export const CI_FILES = { github: { path: ".github/workflows/ctx.yml", template: "ci/github-ctx.yml" } } as const satisfies Record<string, InitFile>;
export type CiProvider = keyof typeof CI_FILES;

/** What `.gitignore` must hold so derived caches and raw command logs stay out of commits. */
export const IGNORED = [".ai/.cache/", ".ai/logs/"] as const;

/**
 * What to append to a file of one entry per line (null: there is none) so that it holds `wanted`:
 * the lines it lacks, and the text that adds them under `comment` ("" when it has them all).
 * `same` says which existing lines already count as an entry (`/.ai/logs/` for `.ai/logs/`).
 */
function missingLines(existing: string | null, wanted: readonly string[], comment: string, same: (line: string) => string[] = (line) => [line]): { missing: string[]; text: string } {
  const lines = new Set((existing ?? "").split(/\r?\n/).flatMap((line) => same(line.trim())));
  const missing = wanted.filter((entry) => !lines.has(entry));
  if (missing.length === 0) return { missing, text: "" };
  const separator = existing === null || existing === "" || existing.endsWith("\n") ? "" : "\n";
  return { missing, text: `${separator}# ctx: ${comment}\n${missing.join("\n")}\n` };
}

/** What to append to a `.gitignore` (null: there is none) so that it ignores IGNORED. */
export function gitignoreAdditions(existing: string | null): { missing: string[]; text: string } {
  return missingLines(existing, IGNORED, "derived caches and raw command logs", (line) => [line, line.replace(/^\//, "")]);
}

/** The generated files a merge resolves with ctx's driver; the domain manifest is left out: its descriptions are yours and merge as text. */
export const MERGED_BY_DRIVER = [".ai/symbol_index.md", ".ai/symbol_index/*.md", ".ai/endpoint_index.md", ".ai/call_index.md", ".ai/call_index/*.md", ".ai/file_index.md", ".ai/file_index/*.md"] as const;

/** What to append to `.gitattributes` (null: there is none) so merges of generated index files go through the driver. */
export function gitattributesAdditions(existing: string | null, driver: string): { missing: string[]; text: string } {
  const wanted = MERGED_BY_DRIVER.map((path) => `${path} merge=${driver}`);
  return missingLines(existing, wanted, "generated indexes merge by keeping one side; ctx index (its pre-commit hook) regenerates them", (line) => [line.replace(/\s+/g, " ")]);
}
