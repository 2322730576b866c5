/** `/api` + `/users` → `/api/users`; either part may be empty, and a route of "/" is the prefix itself. */
export function joinRoute(prefix: string, route: string): string {
  if (!prefix) return route;
  // A Regexp route under a prefix (Sinatra's namespace) is the prefix's text, then the pattern.
  const regex = /^%r\{([\s\S]*)\}(i?)$/.exec(route);
  if (regex) return `%r{${prefix.replace(/\/+$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${regex[1]}}${regex[2]}`;
  if (!route || route === "/") return prefix;
  return `${prefix.replace(/\/+$/, "")}/${route.replace(/^\/+/, "")}`;
}

/**
 * One leading slash, no trailing slash (but for the root, and where the framework routes one apart), no doubled slashes; a wholly dynamic
 * route stays as written, but where `{name}` is how the framework writes a parameter (`{id}/lines`
 * of ASP.NET Core, Spring, Laravel, actix-web).
 */
export function normaliseRoute(route: string, bracedParameters = false, keepTrailingSlash = false): string {
  if ((route.startsWith("{") && !bracedParameters) || route.startsWith("%r{")) return route;
  let result = `/${route}`.replace(/\/{2,}/g, "/");
  if (result.length > 1) result = result.replace(/\/+$/, keepTrailingSlash ? "/" : "");
  return result;
}

/** Frameworks that route `/x/` and `/x` apart (axum since 0.6, actix-web, Sinatra): a route keeps its trailing slash. */
export const STRICT_TRAILING_SLASH = new Set(["axum", "actix-web", "sinatra"]);

/** Frameworks that write a path parameter `{name}`: a route starting with one is a path, not an expression. */
export const BRACED_PARAMETERS = new Set(["aspnet", "spring", "jax-rs", "laravel", "symfony", "actix-web", "axum"]);

/** The query parameter ASP.NET API versioning reads a request's version from by default; a route row ends with it when its group declares versions. */
export const API_VERSION = "api-version";
