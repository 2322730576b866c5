import { readText } from "./atomic-write.js";
import { join } from "node:path";
import * as yaml from "js-yaml";
import type { WorkspacePackage } from "../core/index/build-modules.js";
import { normalisePath } from "../core/index/resolve-import.js";

interface PackageJson {
  name?: string;
  main?: string;
  module?: string;
  types?: string;
  source?: string;
  exports?: unknown;
  workspaces?: string[] | { packages?: string[] };
}

async function readJson(path: string): Promise<PackageJson | undefined> {
  try {
    return JSON.parse(await readText(path)) as PackageJson;
  } catch {
    return undefined;
  }
}

/**
 * Workspace packages declared by package.json `workspaces` or pnpm-workspace.yaml, each with the
 * source files its package.json points at. Empty for a single-package repository.
 */
export async function discoverWorkspacePackages(root: string): Promise<WorkspacePackage[]> {
  const rootPackage = await readJson(join(root, "package.json"));
  const patterns: string[] = [];
  const workspaces = rootPackage?.workspaces;
  if (Array.isArray(workspaces)) patterns.push(...workspaces);
  else if (workspaces && Array.isArray(workspaces.packages)) patterns.push(...workspaces.packages);
  try {
    const pnpm = yaml.load(await readText(join(root, "pnpm-workspace.yaml"))) as { packages?: unknown } | null;
    if (pnpm && Array.isArray(pnpm.packages)) patterns.push(...pnpm.packages.filter((p): p is string => typeof p === "string"));
  } catch {
    // No pnpm workspace (or an unreadable one): package.json workspaces alone decide.
  }
  if (patterns.length === 0) return [];

  const positive = patterns.filter((p) => !p.startsWith("!")).map((p) => `${p.replace(/\/+$/, "")}/package.json`);
  const negative = patterns.filter((p) => p.startsWith("!")).map((p) => `${p.slice(1).replace(/\/+$/, "")}/**`);
  const { default: fg } = await import("fast-glob");
  const manifests = await fg(positive, { cwd: root, ignore: ["**/node_modules/**", ...negative], onlyFiles: true });
  const packages: WorkspacePackage[] = [];
  for (const manifest of manifests.sort()) {
    const dir = manifest.slice(0, -"/package.json".length);
    const json = await readJson(join(root, manifest));
    if (!json?.name) continue;
    packages.push({ name: json.name, dir, entryHints: entryHints(dir, json) });
  }
  return packages;
}

/**
 * The repository's own package, when its package.json has a name and an `exports` field: code in
 * the package may then import it by name (a self-reference), as the compiler resolves it.
 */
export async function readSelfPackage(root: string): Promise<WorkspacePackage | null> {
  const json = await readJson(join(root, "package.json"));
  return json?.name && json.exports !== undefined ? { name: json.name, dir: "", entryHints: entryHints("", json) } : null;
}

/** package.json entry fields mapped back to the sources they are built from. */
function entryHints(dir: string, json: PackageJson): string[] {
  const targets: string[] = [];
  for (const field of [json.source, json.main, json.module, json.types]) if (typeof field === "string") targets.push(field);
  const collect = (value: unknown): void => {
    if (typeof value === "string") targets.push(value);
    else if (value && typeof value === "object") {
      const root = (value as Record<string, unknown>)["."];
      if (root !== undefined) collect(root);
      else for (const inner of Object.values(value)) collect(inner);
    }
  };
  collect(json.exports);
  const hints = new Set<string>();
  for (const target of targets) {
    const path = normalisePath(under(dir, target));
    if (!path) continue;
    hints.add(path);
    const stem = path.replace(/\.d\.ts$|\.[cm]?js$/, "");
    const asSource = stem.replace(new RegExp(`^${dir === "" ? "" : `${escape(dir)}/`}(dist|lib|build|out)/`), under(dir, "src/"));
    for (const extension of [".ts", ".tsx", ".js"]) hints.add(asSource + extension);
  }
  // No entry field: a source build's src/index, else what Node and the compiler load, the package folder's index.
  if (hints.size === 0) for (const stem of ["src/index", "index"]) for (const extension of [".ts", ".tsx", ".js"]) hints.add(under(dir, `${stem}${extension}`));
  return [...hints];
}

function under(dir: string, path: string): string {
  return dir === "" ? path : `${dir}/${path}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
