/**
 * Identifier and prose words reduced to comparable terms: `UsersService` → user, servic;
 * `get_user_by_id` → get, user, id; "Adds mutation options" → add, mutat, option. The same
 * function makes the index's terms and the task's, so both sides always agree.
 */
import { stemmer } from "stemmer";

/** English words that say nothing about where code lives. Code words (`get`, `set`, `add`) stay. */
const STOP_WORDS = new Set(
  "a an and are as at be been but by can could do does for from has have how i if in into is it its me my no not of on or our should so than that the their them then there these this those to too us was we were what when where which while who why will with would you your".split(
    " ",
  ),
);

/**
 * Abbreviations and spellings code uses for one idea, as the word they stand for (before stemming):
 * `btn` meets "button", `cfg` meets "configuration", `authz` meets "authorize". Kept small on purpose:
 * a wrong entry joins unrelated code, and every entry is paid for on every repository.
 */
const VOCABULARY: Record<string, string> = {
  btn: "button",
  cfg: "configure",
  conf: "configure",
  config: "configure",
  configs: "configure",
  msg: "message",
  msgs: "message",
  err: "error",
  errs: "error",
  req: "request",
  ctx: "context",
  db: "database",
  repo: "repository",
  repos: "repository",
  env: "environment",
  envs: "environment",
  impl: "implement",
  init: "initialize",
  info: "information",
  num: "number",
  str: "string",
  obj: "object",
  arr: "array",
  param: "parameter",
  params: "parameter",
  arg: "argument",
  args: "argument",
  prev: "previous",
  idx: "index",
  len: "length",
  pkg: "package",
  pkgs: "package",
  dir: "directory",
  dirs: "directory",
  util: "utility",
  utils: "utility",
  doc: "document",
  docs: "document",
  tmp: "temporary",
  temp: "temporary",
  fn: "function",
  func: "function",
  cb: "callback",
  evt: "event",
  elem: "element",
  attr: "attribute",
  attrs: "attribute",
  prop: "property",
  props: "property",
  val: "value",
  org: "organization",
  orgs: "organization",
  nav: "navigation",
  pwd: "password",
  perm: "permission",
  perms: "permission",
  del: "delete",
  auth: "auth",
  authn: "auth",
  authz: "auth",
};

/** Words of the auth family, which a stemmer would split (authorize → author, the noun's stem). */
const AUTH = /^(?:authenticat|authoriz|authoris)/;

/**
 * A word (one part of an identifier, lower-cased) as the term it is compared by: abbreviations
 * expanded, then the Porter stemmer, so `deleted`, `deleter` and `deletion` meet, and `permanently`
 * meets `permanent`.
 */
export function stem(word: string): string {
  let term = stems.get(word);
  if (term === undefined) {
    const expanded = VOCABULARY[word] ?? (AUTH.test(word) ? "auth" : word);
    term = expanded.length <= 3 ? expanded : stemmer(expanded);
    remember(stems, word, term);
  }
  return term;
}

/**
 * Words and identifiers already reduced: a repository repeats the same few thousand names in every
 * file, and the split and the stemmer cost more than a lookup. Bounded, so a generated file of
 * unique names cannot grow them without end.
 */
const stems = new Map<string, string>();
const identifiers = new Map<string, string[]>();
const words = new Map<string, string[]>();
const REMEMBERED = 200_000;

function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  if (cache.size >= REMEMBERED) cache.clear();
  cache.set(key, value);
}

/** The parts of one identifier or word, lower-cased, before stemming: camelCase, PascalCase, snake_case, kebab-case, digits apart. */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z\d]+|(?<=\d)(?=[A-Za-z])|(?<=[A-Za-z])(?=\d)/)
    .map((part) => part.toLowerCase())
    .filter((part) => part.length > 0);
}

/** Comparable terms of one identifier as the lexicon records it: every part (stop words too, since code names them), digits and one-letter parts dropped. */
export function identifierTerms(identifier: string): readonly string[] {
  let terms = identifiers.get(identifier);
  if (terms === undefined) {
    terms = [];
    for (const part of splitIdentifier(identifier)) if (part.length > 1 && !/^\d+$/.test(part)) terms.push(stem(part));
    remember(identifiers, identifier, terms);
  }
  return terms;
}

/** Comparable terms of a piece of text: each word split and stemmed, digits, one-letter parts and stop words dropped. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
    let found = words.get(word);
    if (found === undefined) {
      found = [];
      for (const part of splitIdentifier(word)) if (part.length >= 2 && !/^\d+$/.test(part) && !STOP_WORDS.has(part)) found.push(stem(part));
      remember(words, word, found);
    }
    for (const term of found) terms.push(term);
  }
  return terms;
}
