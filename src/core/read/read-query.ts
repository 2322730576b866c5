import { HTTP_METHODS } from "../../model.js";
import { parseSymbolQuery, type SymbolQuery } from "../traverse/find-symbols.js";

/** What `ctx show` was asked for. */
export type ReadQuery =
  | { kind: "line"; path: string; line: number }
  | { kind: "route"; text: string }
  | { kind: "symbol"; symbol: SymbolQuery };

const ROUTE = new RegExp(`^(?:(?:${HTTP_METHODS.join("|")})\\s+)?/`, "i");

/**
 * `path:123` is the declaration enclosing that line; `GET /users/:id` (or `/users/:id`) a route's
 * handler; anything else a symbol query as traverse reads it (`Name`, `Class.member`, `path:Name`).
 */
export function parseReadQuery(query: string): ReadQuery {
  const text = query.trim();
  const at = /^(.+):(\d+)$/.exec(text);
  if (at) return { kind: "line", path: at[1]!.replace(/^\.\//, ""), line: Number(at[2]) };
  if (ROUTE.test(text)) return { kind: "route", text };
  return { kind: "symbol", symbol: parseSymbolQuery(text) };
}
