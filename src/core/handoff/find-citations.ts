import { type Handoff, type HandoffLine, type HandoffSection } from "../../formats/handoff.js";
import { findPlaceholders } from "./find-placeholders.js";

/** A file or directory the handoff names, optionally with a line or range in it. */
export interface PathCitation {
  line: number;
  /** As written, without the line suffix. */
  path: string;
  /** The cited line range, when there is one (`a.ts:12`, `a.ts:12-30`, `a.ts#L12`). */
  from: number | null;
  to: number | null;
  /** Marked `(new)` or `(deleted)` somewhere in the handoff: the task creates or removes it, so it need not exist. */
  exempt: boolean;
}

/** A symbol the handoff names, as a `ctx traverse Symbol` query (`Foo`, `Foo.bar`, `src/a.ts:Foo`). */
export interface SymbolCitation {
  line: number;
  query: string;
  /** On a line that marks something `(new)` or `(deleted)`: it may not be in the index. */
  exempt: boolean;
}

export interface Citations {
  paths: PathCitation[];
  symbols: SymbolCitation[];
}

interface Collected extends Citations {
  marked: Set<string>;
}

const SEGMENT = String.raw`[\w@.+~()\[\]-]+`;
const PATH = new RegExp(String.raw`^((?:\.{1,2}/|/)?${SEGMENT}(?:/${SEGMENT})*/?)(?::(\d+)(?:-(\d+))?|#L(\d+)(?:-L?(\d+))?|:([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*))?$`);
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$#][\w$]*)*$/;
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]*$/;
/** Extensions a bare `name.ext` must have to count as a file (`UsersService.findOne` must not). */
const FILE_EXTENSION =
  /\.(?:[cm]?[jt]sx?|json5?|jsonc|mdx?|ya?ml|toml|lock|css|scss|sass|less|html?|vue|svelte|astro|py|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|sh|bash|sql|graphql|gql|proto|txt|env|xml|csv|ini|cfg|conf)$/i;
/** A mark after a path saying the task creates or removes it, so it may not exist (yet, or any more). */
const MARK = /\((?:new|new file|created?|deleted?|removed?|renamed?)\b[^)]*\)/gi;
/** Punctuation around a word in prose that is not part of the path. */
const TRIM = /^[("'<]+|[)"'>,;.!?]+$|:$/g;

/** Splits a line into code spans and the prose between them. */
function splitCode(text: string): { code: string[]; prose: string } {
  const code: string[] = [];
  const prose = text.replace(/(`+)(.+?)\1/g, (_, _fence: string, inner: string) => {
    code.push(inner.trim());
    return " ";
  });
  return { code, prose };
}

/** Whether a token looks like a path: a/b.ext or a/b/ anywhere; a bare name.ext only in code or with a line. */
function isPathLike(path: string, inCode: boolean, hasLine: boolean): boolean {
  if (path.includes("://") || /^\.+\/?$/.test(path)) return false;
  const base = path.replace(/\/$/, "").split("/").at(-1) ?? "";
  if (path.includes("/")) return path.endsWith("/") || EXTENSION.test(base);
  return (inCode || hasLine) && FILE_EXTENSION.test(base) && !/^\d/.test(base);
}

function citeToken(token: string, line: number, exempt: boolean, inCode: boolean, inPathsSection: boolean, into: Collected): void {
  const match = PATH.exec(token);
  if (match) {
    const [, path, from, to, fromL, toL, symbol] = match;
    const start = from ?? fromL;
    const end = to ?? toL;
    if (isPathLike(path!, inCode, start !== undefined || symbol !== undefined)) {
      into.paths.push({ line, path: path!, from: start ? Number(start) : null, to: end ? Number(end) : start ? Number(start) : null, exempt: false });
      if (symbol) into.symbols.push({ line, query: `${path}:${symbol}`, exempt });
      return;
    }
  }
  if (inCode && inPathsSection && IDENTIFIER.test(token)) into.symbols.push({ line, query: token, exempt });
}

/** The paths a line marks `(new)` or `(deleted)`: the word right before each mark. */
function markedPaths(text: string): string[] {
  const marked: string[] = [];
  for (const mark of text.matchAll(MARK)) {
    const word = text.slice(0, mark.index).trimEnd().split(/\s+/).at(-1)?.replace(/`/g, "").replace(TRIM, "") ?? "";
    const path = PATH.exec(word)?.[1];
    if (path) marked.push(path);
  }
  return marked;
}

function citeLine({ line, text }: HandoffLine, inPathsSection: boolean, into: Collected): void {
  const exempt = new RegExp(MARK.source, "i").test(text);
  for (const path of markedPaths(text)) into.marked.add(path);
  const { code, prose } = splitCode(text);
  for (const span of code) {
    if (!/\s/.test(span)) citeToken(span, line, exempt, true, inPathsSection, into);
  }
  for (const word of prose.split(/\s+/)) {
    const token = word.replace(TRIM, "");
    if (token !== "") citeToken(token, line, exempt, false, inPathsSection, into);
  }
}

/**
 * The paths and symbols a handoff cites. Paths are taken from every section but the verification
 * commands (which may name outputs or globs); symbols from the code spans of "Exact paths and
 * symbols", plus any `path:Symbol` anywhere. A path marked `(new)` or `(deleted)` once is exempt
 * from existing wherever it is cited. Lines still holding a template placeholder and fenced
 * code are skipped: those are reported, or are not citations.
 */
export function findCitations(handoff: Handoff): Citations {
  const citations: Collected = { paths: [], symbols: [], marked: new Set() };
  const sections: readonly (HandoffSection | null)[] = [null, ...handoff.sections];
  for (const section of sections) {
    if (section?.id === "verification") continue;
    const lines = section ? section.body : handoff.preamble;
    for (const line of lines) {
      if (line.fenced || findPlaceholders(line.text).length > 0) continue;
      citeLine(line, section?.id === "paths", citations);
    }
  }
  const paths = citations.paths.map((citation) => ({ ...citation, exempt: citations.marked.has(citation.path) }));
  return { paths, symbols: citations.symbols };
}

/** The paths cited under "Changed files": what a finished task changed, by its own account. */
export function changedFiles(handoff: Handoff): string[] {
  const section = handoff.sections.find((s) => s.id === "changed");
  const lines = new Set(section?.body.map((line) => line.line));
  return [...new Set(findCitations(handoff).paths.filter((p) => lines.has(p.line) && !p.path.endsWith("/")).map((p) => p.path))];
}
