/** A repository-relative path with `/` separators. Absolute paths exist only inside `io/`. */
export type RepoPath = string;

export const SYMBOL_KINDS = [
  "function",
  "class",
  "method",
  "constructor",
  "getter",
  "setter",
  "property",
  "interface",
  "type",
  "enum",
  "namespace",
  "variable",
  "constant",
  "default",
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export interface SymbolRecord {
  name: string;
  kind: SymbolKind;
  /** Dotted path of enclosing classes/namespaces (`Outer.Inner`), or "" at file level. */
  container: string;
  exported: boolean;
  path: RepoPath;
  /** 1-based line where the declaration starts (decorators and modifiers included, JSDoc excluded). */
  line: number;
  endLine: number;
  /** One line, whitespace collapsed, at most SIGNATURE_MAX characters. */
  signature: string;
}

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ALL"] as const;

export interface EndpointRecord {
  method: string;
  /** Route with `:param` placeholders; an unresolved dynamic part is kept as `{expression}`. */
  route: string;
  handler: string;
  path: RepoPath;
  line: number;
  framework: string;
}

export interface ImportRecord {
  /** The module specifier as written (`./users`, `@acme/billing`, `node:fs`). */
  specifier: string;
  /** The file it resolves to inside the repository, when it does. */
  resolved: RepoPath | null;
}

/** Everything ctx knows about one indexed file. */
export interface FileRecord {
  path: RepoPath;
  sha256: string;
  isTest: boolean;
  symbols: SymbolRecord[];
  endpoints: EndpointRecord[];
  imports: ImportRecord[];
}

export interface SkippedFile {
  path: RepoPath;
  reason: string;
}

export interface ModuleRecord {
  name: string;
  paths: RepoPath[];
  entries: RepoPath[];
  dependsOn: string[];
  files: number;
  /** Hand-written fields kept verbatim across regeneration. */
  description?: string;
  keywords?: string[];
  owners?: string[];
  /** Any other hand-written keys, kept verbatim. */
  extra?: Record<string, unknown>;
  /** True when the module no longer matches any files but hand-written fields kept it alive. */
  orphaned?: boolean;
}

export interface IndexMeta {
  schema: number;
  /** The git HEAD the index content was last built at, or null outside git / before the first commit. */
  head: string | null;
}

export interface Index {
  meta: IndexMeta;
  /** Sorted by path. */
  files: FileRecord[];
  skipped: SkippedFile[];
  modules: ModuleRecord[];
}

export const INDEX_SCHEMA = 1;
