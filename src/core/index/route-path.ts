/** `/api` + `/users` → `/api/users`; either part may be empty, and a route of "/" is the prefix itself. */
export function joinRoute(prefix: string, route: string): string {
  if (!prefix) return route;
  if (!route || route === "/") return prefix;
  return `${prefix.replace(/\/+$/, "")}/${route.replace(/^\/+/, "")}`;
}

/** One leading slash, no trailing slash (but for the root), no doubled slashes; a wholly dynamic route stays as written. */
export function normaliseRoute(route: string): string {
  if (route.startsWith("{")) return route;
  let result = `/${route}`.replace(/\/{2,}/g, "/");
  if (result.length > 1) result = result.replace(/\/+$/, "");
  return result;
}
