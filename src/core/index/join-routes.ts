import { NEUTRAL_VERSION, type EndpointRecord, type ExportBinding, type FileRoutes, type ImportBinding, type NestApplication, type RepoPath, type RouteMount, type RouteRegistration, type RouterFolder, type RouterRef, type SourceLine } from "../../model.js";
import { resolveSpecifier, type ModuleResolver } from "../calls/resolve-specifier.js";
import { compare } from "./build-modules.js";
import type { IndexedFile } from "./indexed-file.js";
import { API_VERSION, BRACED_PARAMETERS, joinRoute, normaliseRoute, STRICT_TRAILING_SLASH } from "./route-path.js";

/*
 * Joins every file's routes into endpoints as a user reaches them: a registration's route with the
 * prefixes of every chain of mounts that leads to its router, outermost first, following imports
 * across files. A router no mount reaches is served as written. A router reached at two prefixes is
 * served twice, one row each. What cannot be followed (an import of a package, a router passed
 * through something the extraction does not read) adds nothing: a prefix is never guessed, and a
 * dynamic one stays `{expression}`.
 */

export interface RouteFile {
  path: RepoPath;
  /** A test's mounts (`app.use(router)` before a request in a test) serve nothing a user reaches: they are not followed. */
  isTest: boolean;
  /** Absent for a file that says nothing about routes. */
  routes?: FileRoutes;
}

export interface RouteJoinContext {
  /** The indexed file a specifier reaches from a file, or null (a package, a missing file). */
  resolve(from: RepoPath, specifier: string): RepoPath | null;
  /** A Go package is a folder of files: every file a specifier reaches (`.` for the importer's own package); undefined elsewhere. */
  resolveAll?(from: RepoPath, specifier: string): readonly RepoPath[] | undefined;
  /** The ES imports and exports of a file the route extraction did not read (a barrel `index.ts`). */
  bindings(path: RepoPath): { imports: readonly ImportBinding[]; exports: readonly ExportBinding[] } | undefined;
}

/** The context an index run joins with: its module resolution, and each file's call summary for the bindings of barrels. */
export function routeJoinContext(files: readonly IndexedFile[], resolver: ModuleResolver, resolveAll?: RouteJoinContext["resolveAll"]): RouteJoinContext {
  const byPath = new Map(files.map((file) => [file.path, file]));
  return {
    ...(resolveAll ? { resolveAll } : {}),
    resolve: (from, specifier) => resolveSpecifier(resolver, from, specifier),
    bindings: (path) => {
      const summary = byPath.get(path)?.summary.get();
      return summary ? { imports: summary.imports, exports: summary.exports } : undefined;
    },
  };
}

/** Chains per router beyond this many are not followed: a router mounted at more places is rare, and the rows must stay bounded. */
const MAX_CHAINS = 16;
const MAX_DEPTH = 12;

interface Link {
  parent: string;
  prefix: string;
  at: SourceLine;
  exclusive: boolean;
  app: NestApplication | undefined;
  concat: boolean;
  replaces: boolean;
}

interface Part {
  prefix: string;
  at: SourceLine;
  app?: NestApplication;
  concat?: true;
}

/** One way a router is reached: the prefixes in front of its routes, outermost first, and the application over it. */
interface Chain {
  parts: Part[];
}

export function joinRoutes(all: readonly RouteFile[], context: RouteJoinContext): EndpointRecord[] {
  const files = all.filter((file): file is Required<RouteFile> => file.routes !== undefined);
  const byPath = new Map(files.map((file) => [file.path, file.routes]));
  // Routers by key, for a ref any file may answer (`*`: a C# extension method, visible wherever its namespace is used).
  let global: Map<string, RepoPath[]> | undefined;
  const nodeOf = (path: RepoPath, ref: RouterRef, depth = 0): string | null => {
    if ("local" in ref) return `${path}#${ref.local}`;
    // A folder is many routers: only a mount's child names one, and addLink expands it.
    if ("under" in ref) return null;
    if (ref.specifier === "*") {
      global ??= routersByKey(files);
      const owners = global.get(ref.name) ?? [];
      return owners.length === 1 ? `${owners[0]}#${ref.name}` : null;
    }
    const targets = context.resolveAll?.(path, ref.specifier);
    if (targets) {
      for (const target of targets) {
        const found = exported(target, ref.name, depth);
        if (found !== null) return found;
      }
      return null;
    }
    const target = context.resolve(path, ref.specifier);
    return target === null ? null : exported(target, ref.name, depth);
  };
  /** The router a file exports under a name: its route facts' exports, else a router of that name, else its re-exports. */
  const exported = (path: RepoPath, name: string, depth: number): string | null => {
    if (depth > MAX_DEPTH) return null;
    const routes = byPath.get(path);
    const entry = routes?.exports.find((e) => e.name === name);
    if (entry) return nodeOf(path, entry.router, depth + 1);
    if (routes && name !== "default" && isRouterOf(routes, name)) return `${path}#${name}`;
    const bindings = context.bindings(path);
    if (!bindings) return null;
    for (const binding of bindings.exports) {
      if (binding.name !== name && binding.name !== "*") continue;
      if (binding.specifier !== undefined) {
        const found = nodeOf(path, { specifier: binding.specifier, name: binding.name === "*" ? name : (binding.imported ?? name) }, depth + 1);
        if (found !== null) return found;
      } else if (binding.local !== undefined) {
        const imported = bindings.imports.find((i) => i.local === binding.local);
        if (imported && imported.imported !== "*") return nodeOf(path, { specifier: imported.specifier, name: imported.imported }, depth + 1);
      }
    }
    return null;
  };

  // Every mount, from its child's side; then the chains that reach each router.
  const incoming = new Map<string, Link[]>();
  const own = new Map<string, Part[]>();
  for (const file of files) {
    if (!file.isTest) for (const mount of file.routes.mounts) addLink(file.path, mount);
    for (const prefix of file.routes.prefixes) {
      const node = `${file.path}#${prefix.router}`;
      own.set(node, [...(own.get(node) ?? []), { prefix: prefix.prefix, at: { path: file.path, line: prefix.line }, ...(prefix.concat ? { concat: true as const } : {}) }]);
    }
  }
  function addLink(path: RepoPath, mount: RouteMount): void {
    const parent = nodeOf(path, mount.parent);
    const children = "under" in mount.child ? routersUnder(files, mount.child) : [nodeOf(path, mount.child)];
    if (parent === null) return;
    for (const child of children) {
      if (child === null || child === parent) continue;
      const links = incoming.get(child) ?? [];
      links.push({ parent, prefix: mount.prefix, at: { path, line: mount.line }, exclusive: mount.exclusive === true, app: mount.app, concat: mount.concat === true, replaces: mount.replaces === true });
      incoming.set(child, links);
    }
  }

  const memo = new Map<string, Chain[]>();
  // Chains found while an edge back to a router still being followed was cut are not kept: from elsewhere, that edge counts.
  let cuts = 0;
  const chainsOf = (node: string, visiting: Set<string>): Chain[] => {
    const known = memo.get(node);
    if (known) return known;
    const ownParts = own.get(node) ?? [];
    let links = incoming.get(node) ?? [];
    // A NestJS module given a path by RouterModule is served there, not also where it is imported.
    if (links.some((l) => l.exclusive)) links = links.filter((l) => l.exclusive);
    if (links.length === 0) return [{ parts: ownParts }];
    // A mount cycle (`a.use("/b", b); b.use("/a", a)`): the edge back adds nothing, so no route goes round it.
    if (visiting.has(node)) {
      cuts += 1;
      return [];
    }
    const cutsBefore = cuts;
    visiting.add(node);
    const chains: Chain[] = [];
    for (const link of [...links].sort((a, b) => compare(a.at.path, b.at.path) || a.at.line - b.at.line)) {
      if (chains.length >= MAX_CHAINS) break;
      for (const outer of chainsOf(link.parent, visiting)) {
        if (chains.length >= MAX_CHAINS) break;
        const part: Part = { prefix: link.prefix, at: link.at, ...(link.app ? { app: link.app } : {}), ...(link.concat ? { concat: true as const } : {}) };
        chains.push({ parts: [...outer.parts, part, ...(link.replaces ? [] : ownParts)] });
      }
    }
    visiting.delete(node);
    if (cuts === cutsBefore) memo.set(node, chains);
    return chains;
  };

  const configs = files.filter((file) => file.routes.basePath).map((file) => ({ dir: directoryOf(file.path), path: file.path, basePath: file.routes.basePath! }));
  const endpoints: EndpointRecord[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    for (const registration of file.routes.registrations) {
      const router = registration.router ? (nodeOf(file.path, registration.router) ?? `${file.path}#?`) : undefined;
      const reached = router === undefined ? [registration.framework === "graphql" ? { parts: [] } : nextChain(file.path, configs)] : chainsOf(router, new Set());
      // A router reached only round a cycle is served as written, under its own prefixes.
      const chains = reached.length > 0 ? reached : [{ parts: own.get(router!) ?? [] }];
      for (const chain of chains) {
        for (const endpoint of endpointsOf(file.path, registration, chain)) {
          const key = `${endpoint.method} ${endpoint.route} ${endpoint.line} ${endpoint.handler}`;
          if (seen.has(`${file.path}\0${key}`)) continue;
          seen.add(`${file.path}\0${key}`);
          endpoints.push(endpoint);
        }
      }
    }
  }
  return withoutReplaced(endpoints).sort(
    (a, b) => compare(a.path, b.path) || a.line - b.line || compare(a.method, b.method) || compare(a.route, b.route) || compare(a.handler, b.handler),
  );
}

/** Frameworks where a later registration of a method and path replaces an earlier one (Laravel's route collection keys routes by both). */
const LAST_REGISTRATION_WINS = new Set(["laravel"]);

/** The endpoints a later registration in the same file does not replace. */
function withoutReplaced(endpoints: EndpointRecord[]): EndpointRecord[] {
  const last = new Map<string, number>();
  const key = (e: EndpointRecord): string => `${e.path}\0${e.method}\0${e.route}`;
  for (const e of endpoints) if (LAST_REGISTRATION_WINS.has(e.framework)) last.set(key(e), Math.max(last.get(key(e)) ?? 0, e.line));
  return last.size === 0 ? endpoints : endpoints.filter((e) => !LAST_REGISTRATION_WINS.has(e.framework) || last.get(key(e)) === e.line);
}

/** Each router key to the files that have a router of that key. */
function routersByKey(files: readonly Required<RouteFile>[]): Map<string, RepoPath[]> {
  const byKey = new Map<string, RepoPath[]>();
  for (const file of files) {
    const keys = new Set<string>();
    for (const registration of file.routes.registrations) if (registration.router && "local" in registration.router) keys.add(registration.router.local);
    for (const mount of file.routes.mounts) if ("local" in mount.parent) keys.add(mount.parent.local);
    for (const key of keys) byKey.set(key, [...(byKey.get(key) ?? []), file.path]);
  }
  return byKey;
}

/** The routers a framework registers routes on in the files at or under a folder (or that one file), sorted. */
function routersUnder(files: readonly Required<RouteFile>[], folder: RouterFolder): string[] {
  const nodes = new Set<string>();
  for (const file of files) {
    if (file.isTest || !(folder.under === "" || file.path === folder.under || file.path.startsWith(`${folder.under}/`))) continue;
    for (const registration of file.routes.registrations) {
      if (registration.framework === folder.framework && registration.router && "local" in registration.router) nodes.add(`${file.path}#${registration.router.local}`);
    }
  }
  return [...nodes].sort(compare);
}

function isRouterOf(routes: FileRoutes, key: string): boolean {
  const local = (ref: RouterRef | undefined): boolean => ref !== undefined && "local" in ref && ref.local === key;
  return routes.registrations.some((r) => local(r.router)) || routes.mounts.some((m) => local(m.parent)) || routes.prefixes.some((p) => p.router === key);
}

/** A Next.js route under a config's `basePath`: the nearest config above it. */
function nextChain(path: RepoPath, configs: readonly { dir: string; path: RepoPath; basePath: { prefix: string; line: number } }[]): Chain {
  const config = configs
    .filter((c) => c.dir === "" || path.startsWith(`${c.dir}/`))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
  return { parts: config ? [{ prefix: config.basePath.prefix, at: { path: config.path, line: config.basePath.line } }] : [] };
}

function directoryOf(path: RepoPath): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/** A registration's rows under one chain: one per version a NestJS application serves it at. */
function endpointsOf(path: RepoPath, registration: RouteRegistration, chain: Chain): EndpointRecord[] {
  const appAt = chain.parts.findIndex((part) => part.app);
  const app = appAt >= 0 ? chain.parts[appAt]!.app! : undefined;
  let parts = chain.parts;
  // An excluded route has no global prefix; the application stays in the chain, where the exclusion is written.
  if (app && excluded(app, registration, parts.slice(appAt + 1))) parts = parts.map((part, i) => (i === appAt ? { ...part, prefix: "" } : part));
  const versions = app?.versioning ? (registration.versions?.values ?? app.versioning.defaults) : [];
  const variants =
    versions.length === 0
      ? [parts]
      : versions.map((version) => {
          if (version === NEUTRAL_VERSION) return parts;
          const at = registration.versions ? { path, line: registration.versions.line } : { path: chain.parts[appAt]!.at.path, line: app!.versioning!.line };
          // The version segment follows the global prefix and comes before module and controller paths.
          const insertAt = parts.findIndex((part) => part.app) + 1;
          return [...parts.slice(0, insertAt), { prefix: `${app!.versioning!.prefix}${version}`, at }, ...parts.slice(insertAt)];
        });
  // ASP.NET API versioning reads the version from the query (`?api-version=2.0`): one row per version, the path alike.
  const queries = registration.framework === "aspnet" && registration.versions ? registration.versions.values.map((version) => `?${API_VERSION}=${version}`) : [""];
  return variants.flatMap((variant) => queries.map((query) => ({
    method: registration.method,
    route:
      registration.framework === "graphql"
        ? registration.written
        : normaliseRoute(variant.reduceRight(prefixed, registration.written), BRACED_PARAMETERS.has(registration.framework), STRICT_TRAILING_SLASH.has(registration.framework) && registration.written.endsWith("/")) + query,
    written: isRpcName(registration) ? registration.written : normaliseRoute(registration.written, BRACED_PARAMETERS.has(registration.framework), STRICT_TRAILING_SLASH.has(registration.framework)),
    handler: registration.handler,
    path,
    line: registration.line,
    ...(registration.endLine !== undefined ? { endLine: registration.endLine } : {}),
    framework: registration.framework,
    // A router handed to a function on the line that makes it (`Register(v1.Group("/users"))`) is one place, not two.
    mounts: variant.map((part) => part.at).filter((at, i, all) => i === 0 || at.path !== all[i - 1]!.path || at.line !== all[i - 1]!.line),
  })));
}

/** A route with one prefix in front, the way its router puts it there. */
function prefixed(route: string, part: Part): string {
  // koa-router writes the prefix in front of the path as it is: `/` + `users.list` → `/users.list`.
  return part.concat && route !== "" && route !== "/" && !route.startsWith("{") ? `${part.prefix}${route}` : joinRoute(part.prefix, route);
}

/** A koa-router path written without its slash (`users.list`): kept as written, as the route it stands for is the prefix's. */
function isRpcName(registration: RouteRegistration): boolean {
  const written = registration.written;
  // A GraphQL operation is served by its field name, under no prefix.
  if (registration.framework === "graphql") return true;
  return registration.framework === "koa" && written !== "" && !written.startsWith("/") && !written.startsWith("{");
}

/** `setGlobalPrefix("api", { exclude: ["health", { path: "users/(.*)", method: RequestMethod.GET }] })`. */
function excluded(app: NestApplication, registration: RouteRegistration, inner: Chain["parts"]): boolean {
  if (app.exclude.length === 0) return false;
  const route = normaliseRoute(inner.reduceRight(prefixed, registration.written)).replace(/^\//, "");
  return app.exclude.some((entry) => {
    if (entry.method !== "ALL" && entry.method !== registration.method) return false;
    const pattern = entry.path.replace(/^\/+|\/+$/g, "");
    // `(.*)` and `*` match any rest, `:id` one segment, as Nest's path patterns do.
    const source = pattern
      .split(/(\(\.\*\)|\*|:[A-Za-z_]\w*)/)
      .map((part) => (part === "(.*)" || part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}$`).test(route);
  });
}
