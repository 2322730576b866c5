import { HTTP_METHODS } from "../../model.js";
import { splitIdentifier, stem, termsOf } from "./sub-words.js";
import { urlPath } from "../traverse/find-endpoints.js";

/** A task's text taken apart into what the index can match. */
export interface TaskQuery {
  text: string;
  /** Identifiers written as code: in backticks, camelCase/PascalCase/snake_case, dotted (`A.b`) or called (`f()`). */
  identifiers: string[];
  /**
   * Task verbs written where a name goes (`add` of "make add handle bigints"), as written: left out of `terms`
   * like every task verb, they name code only when an exported top-level declaration has exactly that name
   * (see namedSymbols, withDeclaredVerbs). Other plain words reach declarations through `terms`.
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

/**
 * A task verb that may be a name: measured on the tuning repositories, every other plain word matched to
 * an exported declaration of its name (vue's `parse`, `render`, `warn`) put more wrong files first than
 * right ones, and those words count already as terms.
 */
const isVerbName = (word: string): boolean => /^[a-z][a-z]+$/.test(word) && TASK_VERBS.has(stem(word));

/** Words after which a verb is told, not named: "to add", "and remove", "should not change", "don't use". */
const INSTRUCTED = /(?:^|\s)(?:to|and|or|then|also|please|not|never|always|should|must|can|could|cannot|will|would|shall|may|might|we|i|you|[a-z]+n't)$/i;

/**
 * Whether the task writes a verb (`add`, `remove`) where a name goes, at least once: not where an
 * instruction starts — the first word, after `:`, `;`, `.`, `,`, `(`, or a word that tells it
 * (INSTRUCTED: "fix: remove the guard", "and add a test", "should not change"), which is where
 * nearly every task's verbs are.
 */
function isWrittenAsName(text: string, word: string): boolean {
  for (const match of text.matchAll(new RegExp(`\\b${word}\\b`, "g"))) {
    const before = text.slice(0, match.index).trimEnd();
    if (before === "" || /[:;.!?,(]$/.test(before) || INSTRUCTED.test(before)) continue;
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
  // The verb as a whole name only: `useTemplateRef` does not make "use" a word of the task.
  const kept = new Set([...declared].filter((name) => /^[a-z]+$/.test(name)).map(stem).filter((term) => TASK_VERBS.has(term)));
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
      else if (isVerbName(id)) names.add(id);
    }
  }
  const error = text.split("\n").find((line) => ERROR_LINE.test(line))?.trim() ?? null;
  const words = new Set((text.toLowerCase().match(/[a-z][a-z\d-]*/g) ?? []).flatMap((word) => [word, ...word.split("-")]));
  for (const id of identifiers) for (const part of splitIdentifier(id)) words.add(part);
  return { text, identifiers: [...identifiers], names: [...names].filter((name) => isWrittenAsName(text, name)), paths: [...paths], routes, error, terms: [...new Set(termsOf(text))].filter((term) => !TASK_VERBS.has(term)), words };
}
