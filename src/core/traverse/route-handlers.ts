import type { CallEdge, EndpointRecord, RepoPath, SymbolRecord } from "../../model.js";
import { memberName } from "./find-symbols.js";

/** How many lines below its registration's first a handler expression is looked for. */
const SPAN = 4;

/** The declaration a route's handler expression names, as the call index linked it. */
export interface RouteHandler {
  name: string;
  kind: string;
  path: RepoPath;
  line: number;
}

/**
 * The declarations a route's handler expression (`h.DeleteApplication`, `views.Detail.as_view()`,
 * `ctrl.list`) is linked to: the edges the call index holds at the registration's lines to a
 * declaration of the handler's name. A reference handed on (`value`, `ref`) is the handler itself;
 * a call on the registration's first line (`oidc.LoginHandler()`, a factory returning the handler)
 * stands for it when there is no reference. `edges` are the callers-shard rows of the handler's
 * member name. None for an inline handler, and none where the index could not link the expression:
 * the caller falls back to names.
 */
export function routeHandlers(route: Pick<EndpointRecord, "path" | "line" | "handler" | "endLine">, edges: readonly CallEdge[]): RouteHandler[] {
  if (route.endLine !== undefined || route.handler.startsWith("<")) return [];
  const name = memberName(route.handler.replace(/\(\)$/, ""));
  // A handler declared where it is registered (a decorated method) makes the calls in its own body: none of them is it.
  const candidates = edges.filter((edge) => edge.path === route.path && edge.target !== null && memberName(edge.caller) !== name && memberName(edge.callee) === name);
  // A registration written over several lines names its handler below its first; the nearest such line is its own.
  const references = candidates.filter((edge) => (edge.via === "value" || edge.via === "ref") && edge.line >= route.line && edge.line <= route.line + SPAN);
  const first = Math.min(...references.map((edge) => edge.line));
  const chosen = references.length > 0 ? references.filter((edge) => edge.line === first) : candidates.filter((edge) => edge.via === "call" && edge.line === route.line);
  const seen = new Map<string, RouteHandler>();
  for (const edge of chosen) seen.set(`${edge.target!.path}:${edge.target!.line}`, { name: edge.callee, kind: edge.target!.kind, path: edge.target!.path, line: edge.target!.line });
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

/** The member name a route's handler edges are filed under (the callers shard to read). */
export const handlerShard = (route: Pick<EndpointRecord, "handler">): string => memberName(route.handler.replace(/\(\)$/, ""));

/**
 * The declaration a route's handler names by itself, for a registration the call index did not
 * link (a language whose calls are not extracted, an annotated method that is its own handler):
 * the one symbol whose qualified name is the handler (`ReportController.export`), else the one it
 * ends (`UsersController.index` of `Admin.UsersController`); for a bare name or a module path
 * (`list_orders`, `handlers::list_orders`) the one declaration of that name in the route's file,
 * else in the repository. `rows` are the symbol rows of the handler's member name. None when it
 * is not one declaration: names alone guess no further.
 */
export function namedHandler(route: Pick<EndpointRecord, "path" | "handler" | "endLine">, rows: readonly SymbolRecord[]): RouteHandler[] {
  const path = route.handler.includes("::") ? route.handler.slice(route.handler.lastIndexOf("::") + 2) : route.handler;
  if (route.endLine !== undefined || !/^[\w$]+(?:\.[\w$]+)*$/.test(path)) return [];
  const qualified = (row: SymbolRecord): string => (row.container ? `${row.container}.${row.name}` : row.name);
  const callable = rows.filter((row) => CALLABLE_KINDS.has(row.kind));
  let chosen: SymbolRecord[];
  if (path.includes(".")) {
    const exact = callable.filter((row) => qualified(row) === path);
    chosen = exact.length > 0 ? exact : callable.filter((row) => qualified(row).endsWith(`.${path}`));
  } else {
    const named = callable.filter((row) => row.name === path);
    const here = named.filter((row) => row.path === route.path);
    chosen = here.length > 0 ? here : named;
  }
  return chosen.length === 1 ? chosen.map((row) => ({ name: qualified(row), kind: row.kind, path: row.path, line: row.line })) : [];
}

const CALLABLE_KINDS = new Set(["function", "method", "constructor"]);
