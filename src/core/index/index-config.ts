/** What `.ai/index-config.yaml` may set. Every field is optional in the file; these are the defaults. */
export interface IndexConfig {
  /** .gitignore-style patterns; when non-empty, only matching files are indexed. */
  include: string[];
  /** .gitignore-style patterns excluded on top of DEFAULT_EXCLUDES. */
  exclude: string[];
  /** Files larger than this are skipped (minified bundles and generated blobs, mostly). */
  maxFileBytes: number;
  /**
   * symbol_index.md, call_index.md and file_index.md are kept as shards (formats/index-shards.ts) when their rows
   * exceed this many bytes: a commit then rewrites, and git hashes, a shard instead of the whole file.
   */
  shardAbove: number;
}

export const DEFAULT_EXCLUDES = [
  "node_modules/",
  "dist/",
  "build/",
  "out/",
  "coverage/",
  ".next/",
  ".nuxt/",
  ".output/",
  ".turbo/",
  ".cache/",
  "vendor/",
  "third_party/",
  "__pycache__/",
  ".venv/",
  "venv/",
  ".tox/",
  "site-packages/",
  "/.ai/",
  "*.min.js",
  "*.min.mjs",
  "*.min.cjs",
  "*.bundle.js",
];

export const DEFAULT_CONFIG: IndexConfig = { include: [], exclude: [], maxFileBytes: 1024 * 1024, shardAbove: 4 * 1024 * 1024 };
