import type { RepoPath } from "../../model.js";
import { splitIdentifier, stem, termsOf } from "./sub-words.js";

/** What routing keeps of one declaration: enough to name it in a reason and point at its line. */
export interface RoutingSymbol {
  /** Qualified: `UsersService.findOne`. */
  name: string;
  kind: string;
  line: number;
  endLine: number;
  exported: boolean;
}

export interface RoutingTerms {
  /** Term → weight: how strongly the file is about it (names weigh more than signatures). */
  terms: Map<string, number>;
  symbols: RoutingSymbol[];
}

/** Path parts that every file shares and that say nothing about what it holds. */
const PATH_NOISE = new Set(["src", "lib", "index", "ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "dist", "app", "main"]);

/** Keywords and built-in types: every signature has some, so they would only add noise. */
const SIGNATURE_NOISE = new Set(
  "abstract any as async await bigint boolean class const declare default enum export extends false function get implements import in infer interface is keyof let namespace never new null number object override private promise protected public readonly return set static string symbol this true type typeof undefined unknown var void".split(
    " ",
  ),
);

const NAME_WEIGHT = 3;
const MEMBER_WEIGHT = 2;
const SIGNATURE_WEIGHT = 1;
const PATH_WEIGHT = 2;

/** Terms of a path: directory names and the file's stem, split like identifiers. */
export function pathTermsOf(path: RepoPath): string[] {
  const parts = path.split("/");
  const file = parts.pop() ?? "";
  return [...parts, file.replace(/\.[^.]+$/, "")].flatMap((part) => termsOf(part)).filter((term) => !PATH_NOISE.has(term));
}

/**
 * A file's routing terms from its symbols and path: each declaration's name parts (top-level
 * exported ones weigh most), the identifiers of its signature, and the path's parts.
 */
export function routingTermsOf(
  path: RepoPath,
  symbols: readonly { name: string; container: string; kind: string; line: number; endLine: number; exported: boolean; signature: string }[],
): RoutingTerms {
  const terms = new Map<string, number>();
  const add = (term: string, weight: number): void => {
    terms.set(term, (terms.get(term) ?? 0) + weight);
  };
  for (const term of pathTermsOf(path)) add(term, PATH_WEIGHT);
  const kept: RoutingSymbol[] = [];
  for (const symbol of symbols) {
    const weight = symbol.container === "" ? NAME_WEIGHT : MEMBER_WEIGHT;
    for (const part of splitIdentifier(symbol.name)) if (part.length > 1 && !/^\d+$/.test(part)) add(stem(part), weight);
    for (const term of termsOf(symbol.signature)) if (!SIGNATURE_NOISE.has(term)) add(term, SIGNATURE_WEIGHT);
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    // A name the line format cannot carry (a quoted member with spaces) stays in the symbol index only.
    if (/^[^\s@]+$/.test(name)) kept.push({ name, kind: symbol.kind, line: symbol.line, endLine: symbol.endLine, exported: symbol.exported });
  }
  return { terms, symbols: kept };
}

/**
 * What a file does, as terms: the sub-words of the names its call sites call (`this.users.findOne()`
 * → find, one), each once per site. Declarations say what a file is about; calls say what it uses.
 */
export function calleeTermsOf(callees: readonly string[]): Map<string, number> {
  const terms = new Map<string, number>();
  for (const callee of callees) {
    const name = callee.slice(callee.lastIndexOf(".") + 1);
    for (const part of splitIdentifier(name)) if (part.length > 1 && !/^\d+$/.test(part)) terms.set(stem(part), (terms.get(stem(part)) ?? 0) + 1);
  }
  return terms;
}
