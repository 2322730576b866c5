/**
 * Identifier and prose words reduced to comparable terms: `UsersService` → users, service;
 * `get_user_by_id` → get, user, id; "Adds mutation options" → add, mutation, option. The same
 * function makes the index's terms and the task's, so both sides always agree.
 */

/** English words that say nothing about where code lives. Code words (`get`, `set`, `add`) stay. */
const STOP_WORDS = new Set(
  "a an and are as at be been but by can could do does for from has have how i if in into is it its me my no not of on or our should so than that the their them then there these this those to too us was we were what when where which while who why will with would you your".split(
    " ",
  ),
);

/**
 * A light, deterministic stemmer: plural endings only, so `orders`/`order` and `mutations`/`mutation`
 * meet. Tense endings stay: cutting them maps `string` to `str` and `undefined` to `undefin`.
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
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

/** Comparable terms of a piece of text: each word split and stemmed, digits, one-letter parts and stop words dropped. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
    for (const part of splitIdentifier(word)) {
      if (part.length < 2 || /^\d+$/.test(part) || STOP_WORDS.has(part)) continue;
      terms.push(stem(part));
    }
  }
  return terms;
}
