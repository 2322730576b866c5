import * as yaml from "js-yaml";
import type { FileRoutes, RepoPath, RouteRegistration } from "../../model.js";
import { normalisePath } from "../../core/index/resolve-import.js";
import type { FileAnalysis } from "../analyze-file.js";
import { emptyCalls, encodeCalls } from "../encode-calls.js";

/*
 * Symfony's YAML route files, the ones its kernel loads by itself: config/routes.yaml and
 * config/routes/*.yaml. A route (`name: { path, controller, methods }`) is a registration on the
 * file's router; an import of attribute routes (`resource: ../src/Controller/`, `type: attribute`, or
 * Symfony 7's `resource: routing.controllers`) with a `prefix` mounts every #[Route] controller under
 * that folder there, and an import of another YAML file mounts that file's routes. Bundles' resources
 * (`@FrameworkBundle/…`), service loaders and `when@env:` blocks serve nothing the repository declares
 * for every environment: they are not read.
 */

/** The router a route file's own routes are registered on. */
const ROUTE_FILE_ROUTER = "routes";

/** A route file as analyzeFile gives any file: its routes, and nothing to declare, import or call. */
export function analyzeSymfonyRouteConfig(path: RepoPath, text: string): FileAnalysis {
  let document: unknown;
  try {
    document = yaml.load(text);
  } catch {
    return { symbols: [], imports: [], calls: encodeCalls(emptyCalls()), syntaxErrors: 1, lexicon: "" };
  }
  const routes = symfonyRoutes(path, text, document);
  return { symbols: [], ...(routes ? { routes } : {}), imports: [], calls: encodeCalls(emptyCalls()), syntaxErrors: 0, lexicon: "" };
}

function symfonyRoutes(path: RepoPath, text: string, document: unknown): FileRoutes | undefined {
  if (!isRecord(document)) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const lines = topLevelKeyLines(text);
  for (const [name, entry] of Object.entries(document)) {
    if (!isRecord(entry) || name.startsWith("when@")) continue;
    const line = lines.get(name) ?? 1;
    if (entry.resource !== undefined) {
      const under = importedFrom(path, entry.resource, entry.type);
      if (under === undefined) continue;
      for (const prefix of pathsOf(entry.prefix ?? "")) routes.mounts.push({ parent: { local: ROUTE_FILE_ROUTER }, child: { under, framework: "symfony" }, prefix, line });
      continue;
    }
    const controller = typeof entry.controller === "string" ? entry.controller : isRecord(entry.defaults) && typeof entry.defaults._controller === "string" ? entry.defaults._controller : undefined;
    for (const written of pathsOf(entry.path)) {
      const route = optionalLast(written, isRecord(entry.defaults) ? entry.defaults : {});
      for (const method of methodsOf(entry.methods)) routes.registrations.push(registration(method, route, controller, line));
    }
  }
  return routes.registrations.length + routes.mounts.length > 0 ? routes : undefined;
}

function registration(method: string, written: string, controller: string | undefined, line: number): RouteRegistration {
  return { method, written, handler: controller ? handlerOf(controller) : "<none>", line, framework: "symfony", router: { local: ROUTE_FILE_ROUTER } };
}

/**
 * Where an import's routes come from: a folder or file of the repository, `routing.controllers`
 * (Symfony 7: every controller service, the project's src/). Undefined for what the repository does
 * not hold (a bundle's `@…` resource, a service loader).
 */
function importedFrom(path: RepoPath, resource: unknown, type: unknown): RepoPath | undefined {
  const project = path.replace(/(?:^|\/)config\/routes(?:\.ya?ml|\/[^/]+)$/, "");
  if (resource === "routing.controllers") return project === "" ? "src" : `${project}/src`;
  const written = typeof resource === "string" ? resource : isRecord(resource) && typeof resource.path === "string" ? resource.path : undefined;
  if (written === undefined || written.startsWith("@") || (type !== undefined && type !== "attribute" && type !== "annotation" && type !== "directory" && type !== "yaml")) return undefined;
  // A glob (`../src/Controller/**/*Controller.php`) is read as the folder before its first wildcard.
  const plain = written.split(/[*?{[]/)[0]!;
  return normalisePath(`${path.slice(0, path.lastIndexOf("/") + 1)}${plain}`) ?? undefined;
}

/** A path or prefix as YAML writes it: one string, or one per locale (`{ en: /about, fr: /a-propos }`). */
function pathsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (isRecord(value)) return [...new Set(Object.values(value).filter((v): v is string => typeof v === "string"))].sort();
  return [];
}

/** `methods: [GET, POST]` or `methods: GET|POST`; every method when none is given. */
function methodsOf(value: unknown): string[] {
  const listed = typeof value === "string" ? value.split("|") : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  const methods = [...new Set(listed.map((m) => m.trim().toUpperCase()).filter((m) => /^[A-Z]+$/.test(m)))];
  return methods.length > 0 ? methods : ["ALL"];
}

/** A last parameter with a default is optional (`/{_locale}` with `_locale: en` matches `/`): written as Symfony's `{_locale?}`. */
function optionalLast(path: string, defaults: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}$/, (whole, name: string) => (name in defaults ? `{${name}?}` : whole));
}

/** `App\Controller\BlogController::index` as the attribute routes name it, `BlogController.index`; an invokable class by its name. */
function handlerOf(controller: string): string {
  const [type, method] = controller.split("::");
  const short = type!.slice(type!.lastIndexOf("\\") + 1);
  return method ? `${short}.${method}` : short;
}

/** Each top-level key's line: js-yaml keeps no positions, and a route is located at its name. */
function topLevelKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split("\n").forEach((line, index) => {
    const key = /^(['"]?)([^\s'":#][^'":]*)\1\s*:(?:\s|$)/.exec(line);
    if (key && !lines.has(key[2]!)) lines.set(key[2]!, index + 1);
  });
  return lines;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
