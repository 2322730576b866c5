import { HTTP_METHODS } from "../../model.js";
import { isStopWord, splitIdentifier, stem, termsOf } from "./sub-words.js";
import { urlPath } from "../traverse/find-endpoints.js";

/** A task's text taken apart into what the index can match. */
export interface TaskQuery {
  text: string;
  /** Identifiers written as code: in backticks, camelCase/PascalCase/snake_case, dotted (`A.b`) or called (`f()`). */
  identifiers: string[];
  /**
   * Plain words as written that could be a declaration's whole name (`add`, `debounce`): not code-like, so not
   * among `identifiers`, and only a declaration of exactly that name makes one count (see namedSymbols).
   */
  names: string[];
  /** Tokens that look like repository paths (`src/users/users.service.ts`, `users.service.ts`). */
  paths: string[];
  routes: { method: string | null; route: string }[];
  /** The first line that reads as an error (`TypeError: …`, `error TS2322: …`, `Error: …`), when there is one. */
  error: string | null;
  /** Distinct comparable terms of the whole text (see termsOf), in order of first appearance. */
  terms: string[];
  /** Lower-cased words as written, for lexicons (risk areas, module names). */
  words: Set<string>;
}

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?|vue|svelte|json|ya?ml|md)$/;
const ERROR_LINE = /\b(?:[A-Z]\w*(?:Error|Exception)|Error|error TS\d{3,5}|TS\d{4,5}|ERR_[A-Z_]+|Uncaught|Unhandled\w*|FATAL|panic)\b[:\s]/;

function isCodeLike(token: string): boolean {
  return /[a-z\d][A-Z]|[A-Z]{2,}[a-z]|_[A-Za-z]|[A-Za-z]\.[A-Za-z]|\(\)$/.test(token) || /^[A-Z][a-z\d]+[A-Z]/.test(token);
}

/**
 * Words that say what to do, not where: every task has some, and matched against code they find
 * `fixTimezone` and `addListener` everywhere. Left out of the terms, kept in `words` (the lane needs them).
 */
const TASK_VERBS = new Set(
  "add allow avoid bug change chore correct correctly ensure feat feature fix handle implement improve issue make perf prevent properly refactor remove support update use"
    .split(" ")
    .map(stem),
);

/** A plain word worth looking up as a name: a function named `of` or `to` is rarer than the word. */
const isPlainName = (word: string): boolean => /^[A-Za-z_$][\w$]{2,}$/.test(word) && !isStopWord(word.toLowerCase());

/** Plain words looked up per task, in order: each costs a read of a symbol shard. */
const MAX_NAMES = 16;

/**
 * Whether the task writes a verb (`add`, `remove`) where a name goes, at least once: not where an
 * instruction starts — the first word, or after `:`, `;`, `.`, `,`, `(`, "to", "and", "or", "then"
 * ("fix: remove the guard", "and add a test"), which is what nearly every task's verbs are.
 */
function isWrittenAsName(text: string, word: string): boolean {
  for (const match of text.matchAll(new RegExp(`(?<![\\w$])${word.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = text.slice(0, match.index).trimEnd();
    if (before === "" || /[:;.!?,(]$/.test(before) || /(?:^|\s)(?:to|and|or|then|also|please)$/i.test(before)) continue;
    return true;
  }
  return false;
}

/**
 * The query with the task verbs that the repository declares as names it meant (`add` of "make add
 * handle bigints", an exported function) among its terms again: a name's own words count for the
 * file that declares it, as an identifier's do.
 */
export function withDeclaredVerbs(query: TaskQuery, declared: Iterable<string>): TaskQuery {
  const kept = new Set([...declared].flatMap((name) => termsOf(name)).filter((term) => TASK_VERBS.has(term)));
  if (kept.size === 0) return query;
  return { ...query, terms: [...new Set(termsOf(query.text))].filter((term) => !TASK_VERBS.has(term) || kept.has(term)) };
}

export function parseTask(text: string): TaskQuery {
  const identifiers = new Set<string>();
  const names = new Set<string>();
  const paths = new Set<string>();
  const routes: TaskQuery["routes"] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const code = match[1]!.trim();
    for (const id of code.match(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/g) ?? []) if (id.length > 1) identifiers.add(id);
  }
  const methods = HTTP_METHODS.filter((m) => m !== "ALL").join("|");
  // `POST /api/users`, `GET https://app.example.com/api/v1/users/42?x=1` (its path), `POST users.list` (an RPC-style name).
  const target = `(?:[a-z][a-z0-9+.-]*://[^\\s/'"\`]+)?/[^\\s'"\`,;)]*|[A-Za-z_$][\\w$-]*\\.[\\w$.-]*[\\w$]`;
  for (const match of text.matchAll(new RegExp(`\\b(${methods})\\s+(${target})`, "g"))) {
    routes.push({ method: match[1]!, route: match[2]!.includes("/") ? urlPath(match[2]!) : match[2]! });
  }
  for (const raw of text.split(/[\s,;()'"`<>[\]{}]+/)) {
    const token = raw.replace(/[.:!?]+$/, "");
    if (token.length < 2) continue;
    const location = token.replace(/:\d+(?::\d+)?$/, "");
    if ((location.includes("/") && SOURCE_EXTENSION.test(location)) || (/^[\w.-]+$/.test(location) && SOURCE_EXTENSION.test(location) && location.includes("."))) {
      paths.add(location.replace(/^\.\//, ""));
      continue;
    }
    const route = token.startsWith("/") ? token : /^https?:\/\/[^/]+\//.test(token) ? urlPath(token) : undefined;
    if (route !== undefined && /[A-Za-z]/.test(route) && !routes.some((r) => r.route === route)) {
      routes.push({ method: null, route });
      continue;
    }
    for (const id of token.match(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?/g) ?? []) {
      if (isCodeLike(id)) identifiers.add(id.replace(/\(\)$/, ""));
      else if (isPlainName(id)) names.add(id);
    }
  }
  const error = text.split("\n").find((line) => ERROR_LINE.test(line))?.trim() ?? null;
  const words = new Set((text.toLowerCase().match(/[a-z][a-z\d-]*/g) ?? []).flatMap((word) => [word, ...word.split("-")]));
  for (const id of identifiers) for (const part of splitIdentifier(id)) words.add(part);
  const named = [...names].filter((name) => !identifiers.has(name) && (!TASK_VERBS.has(stem(name.toLowerCase())) || isWrittenAsName(text, name)));
  return { text, identifiers: [...identifiers], names: named.slice(0, MAX_NAMES), paths: [...paths], routes, error, terms: [...new Set(termsOf(text))].filter((term) => !TASK_VERBS.has(term)), words };
}
