import type { RepoPath } from "../../model.js";
import { nearestPath } from "../../core/index/nearest-path.js";
import { normalisePath } from "../../core/index/resolve-import.js";
import { underscore } from "./underscore.js";

/**
 * Where a Ruby file's imports (extract-imports.ts) lead: `./y` and `../y` from the importer's
 * folder; `x/y` to `x/y.rb` under a `lib/` (the gem's load path; any gem in the repository), a
 * `spec/` or a `test/` folder (`require "rails_helper"`); a constant `::Shop::Order` to the file
 * Zeitwerk would load it from, `shop/order.rb` under `app/*` (or its `concerns/`) or `lib/`, looked
 * up from the importer's own namespace outwards (`Order` written in `app/models/shop/cart.rb` is
 * `Shop::Order` first) and, failing the whole path, its parents (`Shop::Order::Line` may live in
 * `shop/order.rb`). Where several files match, the one nearest the importer. Null: outside the
 * repository. The layout decides, not the build files: a gem's `lib/` is its load path by convention.
 */
export function rubyResolver(paths: readonly RepoPath[]): (from: RepoPath, specifier: string) => RepoPath | null {
  const files = new Set(paths);
  const autoloaded = new Map<string, RepoPath[]>();
  const loadable = new Map<string, RepoPath[]>();
  const add = (map: Map<string, RepoPath[]>, key: string, path: RepoPath): void => {
    const list = map.get(key);
    if (list) list.push(path);
    else map.set(key, [path]);
  };
  for (const path of [...paths].sort()) {
    if (!path.endsWith(".rb")) continue;
    for (const { key, root } of loadKeys(path)) {
      if (root !== "test") add(autoloaded, key, path);
      if (root !== "app") add(loadable, key, path);
    }
  }

  return (from, specifier) => {
    if (specifier.startsWith("./") || specifier.startsWith("../")) {
      const joined = normalisePath(`${from.slice(0, from.lastIndexOf("/") + 1)}${specifier}`) ?? undefined;
      const path = joined && (joined.endsWith(".rb") ? joined : `${joined}.rb`);
      return path && files.has(path) ? path : null;
    }
    if (!specifier.startsWith("::")) return nearestPath(loadable.get(specifier.replace(/\.rb$/, "")), from);
    const segments = specifier.slice(2).split("::").map(underscore);
    const own = loadKeys(from).filter((entry) => entry.root !== "test");
    // The importer's namespace, from the file's own place: `shop/cart.rb` defines Shop::Cart.
    const nesting = own.length > 0 ? own.reduce((a, b) => (a.key.length <= b.key.length ? a : b)).key.split("/") : [];
    for (let depth = nesting.length; depth >= 0; depth--) {
      for (let length = segments.length; length >= 1; length--) {
        const key = [...nesting.slice(0, depth), ...segments.slice(0, length)].join("/");
        const found = nearestPath(autoloaded.get(key)?.filter((path) => path !== from), from);
        if (found) return found;
      }
    }
    return null;
  };
}

/**
 * The names `path` loads by, each with the kind of root it sits under: `lib/shop/order.rb` is
 * `shop/order` (lib); `app/models/shop/order.rb` is `shop/order` (app), and
 * `app/models/concerns/trackable.rb` also `trackable`; `spec/support/x.rb` is `support/x` (test).
 */
function loadKeys(path: RepoPath): { key: string; root: "lib" | "app" | "test" }[] {
  if (!path.endsWith(".rb")) return [];
  const segments = path.slice(0, -3).split("/");
  const keys: { key: string; root: "lib" | "app" | "test" }[] = [];
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i];
    if (segment === "lib") keys.push({ key: segments.slice(i + 1).join("/"), root: "lib" });
    else if (segment === "spec" || segment === "test") keys.push({ key: segments.slice(i + 1).join("/"), root: "test" });
    else if (segment === "app" && i + 2 < segments.length) {
      keys.push({ key: segments.slice(i + 2).join("/"), root: "app" });
      if (segments[i + 2] === "concerns" && i + 3 < segments.length) keys.push({ key: segments.slice(i + 3).join("/"), root: "app" });
    }
  }
  return keys;
}

