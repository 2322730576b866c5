import { HTTP_METHODS, type EndpointRecord } from "../../model.js";

export interface EndpointQuery {
  method: string | null;
  text: string;
}

export function parseEndpointQuery(query: string): EndpointQuery {
  const trimmed = query.trim();
  const space = trimmed.indexOf(" ");
  const head = space > 0 ? trimmed.slice(0, space).toUpperCase() : trimmed.toUpperCase();
  if ((HTTP_METHODS as readonly string[]).includes(head)) {
    return { method: head, text: space > 0 ? trimmed.slice(space + 1).trim() : "" };
  }
  return { method: null, text: trimmed };
}

function isParameter(segment: string): boolean {
  return segment.startsWith(":") || segment.startsWith("{") || segment.startsWith("[") || segment === "*";
}

/** `/users/:id` matches `/users/42`, `/users/:userId` and `/users/{id}`; literal segments must be equal. */
function routeMatches(route: string, query: string): boolean {
  const a = route.split("/").filter(Boolean);
  const b = query.split("?")[0]!.split("/").filter(Boolean);
  const catchAll = a.length > 0 && /^:.+\*\??$/.test(a[a.length - 1]!);
  if (a.length !== b.length && !(catchAll && b.length >= a.length - 1)) return false;
  return b.every((segment, i) => {
    const own = a[i];
    if (own === undefined) return catchAll;
    return own === segment || isParameter(own) || isParameter(segment);
  });
}

/**
 * Endpoints for a query, best tier only: method and route pattern, then a route fragment, then a
 * handler name. A method, when given, always filters.
 */
export function findEndpoints(rows: readonly EndpointRecord[], query: EndpointQuery): EndpointRecord[] {
  const byMethod = query.method ? rows.filter((e) => e.method === query.method || e.method === "ALL") : [...rows];
  if (query.text === "") return byMethod;
  const text = query.text.startsWith("/") || query.text.startsWith("{") ? query.text : null;
  if (text) {
    const exact = byMethod.filter((e) => routeMatches(e.route, text));
    if (exact.length > 0) return exact;
  }
  const lower = query.text.toLowerCase();
  const fragment = byMethod.filter((e) => e.route.toLowerCase().includes(lower));
  if (fragment.length > 0) return fragment;
  return byMethod.filter((e) => e.handler === query.text || e.handler.endsWith(`.${query.text}`));
}
