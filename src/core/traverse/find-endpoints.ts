import { STRICT_TRAILING_SLASH } from "../index/route-path.js";
import { regexRouteSource, routeRegexOf, type RouteRegex } from "./route-regex.js";
import { GRAPHQL_OPERATIONS, HTTP_METHODS, type EndpointRecord } from "../../model.js";

export interface EndpointQuery {
  method: string | null;
  text: string;
  /** The query string a URL was given with (`api-version=2.0`), without its `?`; absent when none. */
  search?: string;
}

const isMethod = (word: string): boolean => (HTTP_METHODS as readonly string[]).includes(word.toUpperCase()) || (GRAPHQL_OPERATIONS as readonly string[]).includes(word.toUpperCase());

/** A word that names a path: `/users/42`, or a URL whose path it is. */
const isPathLike = (word: string): boolean => word.startsWith("/") || /^[a-z][a-z0-9+.-]*:\/\//i.test(word);

/** The path of a URL or path as a router sees it: no scheme, host, query string or fragment. */
export function urlPath(word: string): string {
  const withoutHost = /^[a-z][a-z0-9+.-]*:\/\//i.test(word) ? word.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "") : word;
  const path = withoutHost.split(/[?#]/, 1)[0]!;
  return path === "" ? "/" : path;
}

/** Curl's request method: `-X POST`/`--request POST`, else POST when it sends data, else GET. */
function curlMethod(words: readonly string[]): string {
  const flag = words.findIndex((word) => word === "-X" || word === "--request");
  if (flag >= 0 && words[flag + 1]) return words[flag + 1]!.toUpperCase();
  const inline = words.find((word) => /^-X[A-Za-z]+$/.test(word));
  if (inline) return inline.slice(2).toUpperCase();
  return words.some((word) => /^(-d|--data.*|-F|--form|--json)$/.test(word)) ? "POST" : "GET";
}

/**
 * What a user has in hand, read as a method and a path: `GET /users/42`, a full URL, a pasted log
 * line (`GET /api/v1/users/42 500 12ms`, `"POST /login HTTP/1.1" 401`), a curl command; or, when
 * it holds no path, the text itself (a route fragment, an RPC-style name, a handler).
 */
export function parseEndpointQuery(query: string): EndpointQuery {
  const words = query
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^["'`]+|["'`,;]+$/g, ""))
    .filter(Boolean);
  if (words[0] === "curl") {
    const url = words.find((word, i) => i > 0 && isPathLike(word));
    if (url) return { method: curlMethod(words), text: urlPath(url), ...searchOf(url) };
  }
  const at = words.findIndex(isMethod);
  if (at >= 0) {
    const path = words.slice(at + 1).find(isPathLike);
    if (path) return { method: words[at]!.toUpperCase(), text: urlPath(path), ...searchOf(path) };
    // `GET users.list`: a method and a route written without a leading slash.
    if (at === 0) return { method: words[0]!.toUpperCase(), text: words.slice(1).join(" ") };
  }
  const path = words.find(isPathLike);
  if (path) return { method: null, text: urlPath(path), ...searchOf(path) };
  return { method: null, text: query.trim() };
}

function searchOf(url: string): { search?: string } {
  const search = /\?([^#]*)/.exec(url)?.[1];
  return search ? { search } : {};
}

/** A route row's query part (`/api/items?api-version=2.0`: ASP.NET's version), apart from its path. */
function routeParts(route: string): { path: string; query?: [string, string] } {
  const match = /^(.*?)\?([A-Za-z][\w.-]*)=([^/?=]*)$/.exec(route);
  return match ? { path: match[1]!, query: [match[2]!, match[3]!] } : { path: route };
}

/** A row a request's query rules out: it names the row's parameter (`api-version`) with another value. */
function queryAgrees(route: string, search: string | undefined): boolean {
  const own = routeParts(route).query;
  if (!own || !search) return true;
  const given = new URLSearchParams(search).getAll(own[0]);
  return given.length === 0 || given.includes(own[1]);
}

function isParameter(segment: string): boolean {
  return segment.startsWith(":") || segment.startsWith("{") || segment.startsWith("[") || /^\*\w*$/.test(segment);
}

/** A requested path's segments, its query string left out. */
const segmentsOf = (path: string): string[] => path.split("?")[0]!.split("/").filter(Boolean);
/** An indexed route's segments: a `?` there marks an optional parameter (`{page?}`), not a query. */
const routeSegments = (route: string): string[] => route.split("/").filter(Boolean);

/**
 * `/users/:id` matches `/users/42`, `/users/:userId` and `/users/{id}`; literal segments must be
 * equal, but for a framework that routes regardless of case (ASP.NET Core: `[controller]` of
 * `OrdersController` is `Orders`, and `/api/orders` reaches it). A splat (`*`, `*path`, `:rest*`,
 * `{*slug}`) takes one segment or more — at the end none or more — and an optional parameter
 * (`{page?}`, `:page?`) may be left out.
 */
function routeMatches(route: readonly string[], query: readonly string[], ignoreCase = false): boolean {
  const tried = new Map<number, boolean>();
  const from = (i: number, j: number): boolean => {
    if (i === route.length) return j === query.length;
    const key = i * (query.length + 1) + j;
    const known = tried.get(key);
    if (known !== undefined) return known;
    tried.set(key, false);
    const own = route[i]!;
    let found = false;
    if (SPLAT.test(own)) {
      for (let taken = i === route.length - 1 ? 0 : 1; !found && j + taken <= query.length; taken += 1) found = from(i + 1, j + taken);
    } else {
      const segment = query[j];
      found = (OPTIONAL.test(own) && from(i + 1, j)) || (segment !== undefined && segmentFits(own, segment, ignoreCase) && from(i + 1, j + 1));
    }
    tried.set(key, found);
    return found;
  };
  return from(0, 0);
}

const SPLAT = /^(?::.+[*+]\??|\*\w*|\{\*{1,2}\w+\??\})$/;
const OPTIONAL = /^(?:\{[^{}*]+\?\}|:[\w$]+\?)$/;

function segmentFits(own: string, segment: string, ignoreCase: boolean): boolean {
  return own === segment || (ignoreCase && own.toLowerCase() === segment.toLowerCase()) || isParameter(segment) || segmentMatches(own, segment);
}

/**
 * A route segment against a concrete one: a bare parameter (`:id`, `{id}`, `*`) takes any value; one
 * with literal text around its parameters (`:slug.:format`, `v:version`) needs that text.
 */
function segmentMatches(own: string, segment: string): boolean {
  if (!isParameter(own) && !own.includes(":")) return false;
  if (/^(?::[\w$]+[?*+]?|\{[^}]*\}|\*\w*)$/.test(own)) return true;
  if (own.startsWith("{")) return true;
  const pattern = own
    .split(/(:[A-Za-z_$][\w$]*(?:\((?:[^()]|\([^()]*\))*\))?[?*+]?)/)
    .map((part) => (part.startsWith(":") ? parameterPattern(part) : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`).test(segment);
}

/** Character classes, escapes and word characters, each quantified at most once: a pattern that cannot backtrack badly. */
const SIMPLE_PATTERN = /^(?:(?:\[(?:[^\]\\]|\\.)*\]|\\[dwsDWS.\-/]|[\w-])(?:[+*?]|\{\d{1,3}(?:,\d{0,3})?\})?){1,20}$/;

/** A parameter as a regex: its own pattern when it has a simple one (`:id([0-9]+)`), else any text but a slash. */
function parameterPattern(parameter: string): string {
  const open = parameter.indexOf("(");
  const own = open > 0 ? parameter.slice(open + 1, parameter.lastIndexOf(")")) : "";
  // A repository's pattern is hostile input: only a simple one is run, any other takes any value.
  if (!SIMPLE_PATTERN.test(own)) return "[^/]+?";
  try {
    new RegExp(own);
    return `(?:${own})`;
  } catch {
    return "[^/]+?";
  }
}

/** Compiled Regexp routes, by route text: a lookup compiles each once. */
const compiled = new Map<string, RouteRegex | undefined>();
function regexRoute(route: string): RouteRegex | undefined {
  if (!route.startsWith("%r{")) return undefined;
  if (!compiled.has(route)) compiled.set(route, routeRegexOf(route));
  return compiled.get(route);
}

/** A route's literal segments; a Regexp route's are those before its first operator (`%r{/history/(.+?)}` has one). */
function specificity(e: EndpointRecord): number {
  const source = regexRouteSource(e.route);
  if (!source) return staticSegments(routeSegments(routeParts(e.route).path));
  const literal = /^(?:[^\\.()[\]{}*+?|^$]|\\[^A-Za-z0-9])*/.exec(source.pattern)![0].replace(/\\(.)/g, "$1");
  return literal.split("/").slice(0, -1).filter(Boolean).length;
}

/**
 * Sinatra tries an application's routes in the order they are defined and takes the first that
 * matches: among routes of one file, the earlier line answers. Elsewhere (or across files, where
 * the order is the running program's) the most literal route comes first.
 */
function firstMatchWins(found: readonly EndpointRecord[]): boolean {
  return found.length > 1 && found.every((e) => e.framework === "sinatra" && e.path === found[0]!.path);
}

/** Frameworks whose routes match a request's path regardless of case. */
const caseless = (endpoint: EndpointRecord): boolean => endpoint.framework === "aspnet";

/**
 * How specific a route is: its literal segments (`/users/me` before `/users/:id`), half of one for a
 * segment with literal text around its parameters (`:slug.:format` before `:slug`), and less than a
 * parameter for a part only the running program knows (`{paths.feed}` is likely one literal path).
 */
const staticSegments = (route: readonly string[]): number =>
  route.reduce((score, segment) => score + (!isParameter(segment) ? 1 : segment.startsWith("{") ? -0.5 : /^:[\w$]+[?*+]?$/.test(segment) || !segment.startsWith(":") ? 0 : 0.5), 0);

/**
 * Endpoints for a query, best tier only: method and route pattern (most literal segments first),
 * then a route that matches the path's last segments — a router mounted under a prefix the index
 * does not know (`/api/articles/how-to` → `/articles/:slug`; at least one literal segment must
 * match) — then a route fragment, then a handler name. A method, when given, always filters, and so
 * does a query's `api-version` where rows carry one.
 */
export function findEndpoints(rows: readonly EndpointRecord[], query: EndpointQuery): EndpointRecord[] {
  const found = endpointsFor(rows, query);
  // A version no route serves (`?api-version=1.0` of a 2.0-only route): the routes of that path, whose rows say their versions.
  return found.length === 0 && query.search !== undefined ? endpointsFor(rows, { method: query.method, text: query.text }) : found;
}

function endpointsFor(rows: readonly EndpointRecord[], query: EndpointQuery): EndpointRecord[] {
  const byMethod = (query.method ? rows.filter((e) => e.method === query.method || e.method === "ALL") : [...rows]).filter((e) => queryAgrees(e.route, query.search));
  if (query.text === "") return byMethod;
  if (query.text.startsWith("/") || query.text.startsWith("{")) {
    const wanted = segmentsOf(query.text);
    // `/x/` and `/x` are the same segments; where a framework routes them apart, the route that ends as the request does comes first.
    const slashed = /[^/]\/(?:[?#].*)?$/.test(query.text);
    const agrees = (e: EndpointRecord): number => (STRICT_TRAILING_SLASH.has(e.framework) && e.route.length > 1 && e.route.endsWith("/") === slashed ? 1 : 0);
    const bySpecificity = (found: EndpointRecord[]): EndpointRecord[] =>
      firstMatchWins(found)
        ? [...found].sort((a, b) => a.line - b.line)
        : found.map((e) => ({ e, score: specificity(e) })).sort((a, b) => b.score - a.score || agrees(b.e) - agrees(a.e)).map(({ e }) => e);
    const exact = byMethod.filter((e) => (regexRoute(e.route) ? regexRoute(e.route)!(urlPath(query.text)) : routeMatches(routeSegments(routeParts(e.route).path), wanted, caseless(e))));
    // A route with no literal segment (`*`, `/:path*`) matches anything: it answers only when nothing more specific does,
    // a route under a prefix the index does not know included.
    const literal = exact.filter((e) => specificity(e) > 0);
    if (literal.length > 0) return bySpecificity(exact);
    const mounted = byMethod.filter((e) => {
      if (e.route.startsWith("%r{")) return false;
      const route = routeSegments(routeParts(e.route).path);
      return route.length > 0 && route.length < wanted.length && staticSegments(route) > 0 && routeMatches(route, wanted.slice(wanted.length - route.length), caseless(e));
    });
    if (mounted.length > 0 || exact.length > 0) return [...bySpecificity(mounted), ...bySpecificity(exact)];
  }
  const lower = query.text.toLowerCase();
  // A route named exactly (a GraphQL field, an RPC name) before those that only contain it.
  const named = byMethod.filter((e) => e.route.toLowerCase() === lower);
  if (named.length > 0) return named;
  const fragment = byMethod.filter((e) => e.route.toLowerCase().includes(lower));
  if (fragment.length > 0) return fragment;
  return byMethod.filter((e) => e.handler === query.text || e.handler.endsWith(`.${query.text}`));
}
