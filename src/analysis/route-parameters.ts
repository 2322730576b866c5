/*
 * Route parameters as the endpoint index writes them, `:name`, from each framework's syntax:
 * `{id}`, `{id:int}`, `{path:path}` and Go's `{rest...}` (FastAPI, Starlette, chi, gorilla/mux,
 * net/http), `<id>` and `<int:id>` (Flask, Django's path()), and a Django `re_path()` regex's named
 * groups `(?P<id>[0-9]+)`. Applied to the static text of a route only: a part that is not static
 * stays `{expression}`.
 */

/**
 * `{id}` and `<id>`, `<int:id>` in a static route text, as `:id`, `{id:[0-9]+}` as `:id([0-9]+)`; a parameter that
 * takes the rest of the path (`{rest...}`, `{p:path}`, `<path:p>`) as `:rest*`, as path-to-regexp writes it.
 */
export function routeParameters(route: string): string {
  return route
    .replace(/\{([A-Za-z_]\w*)(?:\.\.\.|:path)\}/g, ":$1*")
    // A pattern the parameter must match is kept, as path-to-regexp writes it: `:id([0-9]+)`.
    .replace(/\{([A-Za-z_]\w*):((?:[^{}]|\{[^{}]*\})+)\}/g, ":$1($2)")
    .replace(/\{([A-Za-z_]\w*)\}/g, ":$1")
    .replace(/<path:([A-Za-z_]\w*)>/g, ":$1*")
    .replace(/<(?:[A-Za-z_]\w*:)?([A-Za-z_]\w*)>/g, ":$1");
}

/** A Django `re_path()` pattern as a route: anchors dropped, named groups as `:name`, an unnamed group as `:param`. */
export function regexRoute(pattern: string): string {
  let route = pattern.replace(/^\^/, "").replace(/\$$/, "");
  route = replaceGroups(route);
  // What is left of the regex's syntax is unescaped where it stands for itself.
  return route.replace(/\\([./-])/g, "$1").replace(/\?$/, "");
}

/** Replaces each top-level `( … )` group, nested groups included, with `:name` (a named group) or `:param`. */
function replaceGroups(pattern: string): string {
  let result = "";
  let depth = 0;
  let start = -1;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      if (depth === 0) result += pattern.slice(i, i + 2);
      i += 1;
      continue;
    }
    if (char === "(") {
      if (depth === 0) start = i;
      depth += 1;
    } else if (char === ")" && depth > 0) {
      depth -= 1;
      if (depth === 0) {
        const group = pattern.slice(start, i + 1);
        const named = /^\(\?P<([A-Za-z_]\w*)>/.exec(group);
        // A non-capturing group (`(?:…)`) is left as written: it is syntax, not a parameter.
        result += named ? `:${named[1]}` : group.startsWith("(?") ? group : ":param";
      }
    } else if (depth === 0) result += char;
  }
  return depth > 0 ? result + pattern.slice(start) : result;
}
