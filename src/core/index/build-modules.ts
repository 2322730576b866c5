import type { ImportRecord, ModuleRecord, RepoPath } from "../../model.js";
import { moduleLocator } from "./module-of-path.js";
import { resolveRelativeImport } from "./resolve-import.js";

export interface WorkspacePackage {
  name: string;
  /** Directory of the package, repo-relative ("" for the root package). */
  dir: RepoPath;
  /** Files package.json names as entry points (main, module, types, exports), repo-relative. */
  entryHints: RepoPath[];
  /**
   * package.json `exports` subpaths but ".", without their `./` (`decorators`, `utils/*`), each with
   * the files its targets name and the sources they are built from; a `*` stands for the same text in both.
   */
  subpaths?: [pattern: string, hints: RepoPath[]][];
  /** package.json `imports` (`#internal/*`): the specifiers its own files may import, each with its hints as `subpaths`. */
  imports?: [pattern: string, hints: RepoPath[]][];
}

/** What module building needs of a file: where it is and what it imports. */
export interface ModuleSource {
  path: RepoPath;
  imports: readonly ImportRecord[];
}

interface ModuleDraft {
  name: string;
  path: RepoPath;
  files: RepoPath[];
}

const ENTRY_STEMS = ["index", "main", "mod"];
const MAX_DERIVED_ENTRIES = 5;

/**
 * Modules from workspace packages when there are any, otherwise from top-level source folders
 * (the folders under `src/` when the repository has one). Hand-written fields of `previous`
 * modules with the same name are carried over untouched.
 */
export function buildModules(
  records: readonly ModuleSource[],
  packages: readonly WorkspacePackage[],
  previous: readonly ModuleRecord[],
): ModuleRecord[] {
  const paths = records.map((r) => r.path);
  const fileSet = new Set(paths);
  const drafts = packages.filter((p) => p.dir !== "").length > 0 ? packageDrafts(paths, packages) : folderDrafts(paths);

  const moduleByPath = new Map<RepoPath, string>();
  for (const draft of drafts) for (const file of draft.files) moduleByPath.set(file, draft.name);
  const packageNames = new Map(packages.filter((p) => p.dir !== "").map((p) => [p.name, p.name]));

  const dependsOn = new Map<string, Set<string>>(drafts.map((d) => [d.name, new Set()]));
  const importers = new Map<RepoPath, Set<string>>();
  for (const record of records) {
    const own = moduleByPath.get(record.path);
    if (!own) continue;
    for (const { specifier, resolved } of record.imports) {
      const target = resolved ?? resolveRelativeImport(record.path, specifier, fileSet);
      let targetModule = target ? moduleByPath.get(target) : undefined;
      if (!targetModule && !specifier.startsWith(".")) targetModule = packageNames.get(packageRoot(specifier));
      if (!targetModule || targetModule === own) continue;
      dependsOn.get(own)!.add(targetModule);
      if (target) {
        const set = importers.get(target) ?? new Set();
        set.add(own);
        importers.set(target, set);
      }
    }
  }

  const previousByName = new Map(previous.map((m) => [m.name, m]));
  const modules: ModuleRecord[] = drafts.map((draft) => {
    const hints = packages.find((p) => p.name === draft.name && p.dir === draft.path)?.entryHints ?? [];
    const { entries, more } = entriesOf(draft, hints, fileSet, importers);
    // NOTE: keys in the order parseDomainManifest reads them: the index compares the two as JSON.
    const module: ModuleRecord = {
      name: draft.name,
      paths: [draft.path],
      entries,
      dependsOn: [...dependsOn.get(draft.name)!].sort(),
      files: draft.files.length,
      ...(more > 0 ? { moreEntries: more } : {}),
    };
    return withHandFields(module, previousByName.get(draft.name));
  });

  // A module that no longer matches files is kept only if someone wrote something in it.
  const generated = new Set(modules.map((m) => m.name));
  for (const old of previous) {
    if (generated.has(old.name) || !hasHandFields(old)) continue;
    const orphan: ModuleRecord = { ...old, files: 0, entries: [], dependsOn: [], orphaned: true };
    delete orphan.moreEntries;
    modules.push(orphan);
  }
  return modules.sort((a, b) => compare(a.name, b.name));
}

function packageRoot(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function packageDrafts(paths: readonly RepoPath[], packages: readonly WorkspacePackage[]): ModuleDraft[] {
  const workspace = packages.filter((p) => p.dir !== "");
  const drafts: ModuleDraft[] = workspace.map((p) => ({ name: p.name, path: p.dir, files: [] }));
  const rest: RepoPath[] = [];
  const ownerOf = moduleLocator(drafts.map((d) => ({ name: d.name, paths: [d.path] })));
  const draftNamed = new Map<string, ModuleDraft>();
  for (const draft of drafts) if (!draftNamed.has(draft.name)) draftNamed.set(draft.name, draft);
  for (const path of paths) {
    const owner = ownerOf(path);
    const draft = owner ? draftNamed.get(owner) : undefined;
    if (draft) draft.files.push(path);
    else rest.push(path);
  }
  // Files outside every package (root scripts, shared config) still belong somewhere.
  return [...drafts, ...folderDrafts(rest, new Set(drafts.map((d) => d.name)))].filter((d) => d.files.length > 0);
}

/**
 * One module per top-level folder; under `src/`, one per folder inside it, and likewise under a
 * top-level folder that is no Python package itself but holds several (a Django project's apps).
 */
function folderDrafts(paths: readonly RepoPath[], taken: ReadonlySet<string> = new Set()): ModuleDraft[] {
  const byPath = new Map<RepoPath, RepoPath[]>();
  const split = packageHolders(paths);
  for (const path of paths) {
    const parts = path.split("/");
    let modulePath: RepoPath;
    if (parts.length === 1) modulePath = "";
    else if ((parts[0] === "src" || split.has(parts[0]!)) && parts.length > 2) modulePath = `${parts[0]}/${parts[1]}`;
    else modulePath = parts[0]!;
    const list = byPath.get(modulePath) ?? [];
    list.push(path);
    byPath.set(modulePath, list);
  }
  const names = new Set(taken);
  const drafts: ModuleDraft[] = [];
  for (const modulePath of [...byPath.keys()].sort(compare)) {
    const short = modulePath === "" ? "root" : modulePath.slice(modulePath.lastIndexOf("/") + 1);
    const name = names.has(short) ? modulePath || "root" : short;
    names.add(name);
    drafts.push({ name, path: modulePath, files: byPath.get(modulePath)! });
  }
  return drafts;
}

/** Top-level folders without an `__init__.py` that hold two or more Python packages (folders with one). */
function packageHolders(paths: readonly RepoPath[]): Set<string> {
  const inits = paths.filter((path) => path.endsWith("/__init__.py"));
  if (inits.length === 0) return new Set();
  const own = new Set(inits.map((path) => path.split("/").slice(0, -1).join("/")));
  const held = new Map<string, Set<string>>();
  for (const folder of own) {
    const [top, child] = folder.split("/");
    if (!child || own.has(top!)) continue;
    const set = held.get(top!) ?? new Set();
    set.add(child);
    held.set(top!, set);
  }
  return new Set([...held].filter(([, children]) => children.size >= 2).map(([top]) => top));
}

function entriesOf(
  draft: ModuleDraft,
  hints: readonly RepoPath[],
  fileSet: ReadonlySet<RepoPath>,
  importers: ReadonlyMap<RepoPath, Set<string>>,
): { entries: RepoPath[]; more: number } {
  const fromHints = hints.filter((h) => fileSet.has(h));
  if (fromHints.length > 0) return { entries: [...new Set(fromHints)].sort(compare), more: 0 };
  const prefix = draft.path === "" ? "" : `${draft.path}/`;
  const conventional = draft.files.filter((file) => {
    const rest = file.slice(prefix.length);
    const stem = rest.replace(/\.[^.]+$/, "");
    return ENTRY_STEMS.includes(stem) || ENTRY_STEMS.some((s) => stem === `src/${s}`);
  });
  if (conventional.length > 0) return { entries: conventional.sort(compare), more: 0 };
  // No conventional entry: the files other modules import are this module's surface, the most imported first.
  const imported = draft.files.filter((file) => importers.has(file)).sort((a, b) => importers.get(b)!.size - importers.get(a)!.size || compare(a, b));
  return { entries: imported.slice(0, MAX_DERIVED_ENTRIES).sort(compare), more: Math.max(0, imported.length - MAX_DERIVED_ENTRIES) };
}

function hasHandFields(module: ModuleRecord): boolean {
  return Boolean(
    module.description || (module.keywords?.length ?? 0) > 0 || (module.owners?.length ?? 0) > 0 || (module.extra && Object.keys(module.extra).length > 0),
  );
}

function withHandFields(module: ModuleRecord, previous: ModuleRecord | undefined): ModuleRecord {
  if (!previous) return module;
  const result: ModuleRecord = { ...module };
  if (previous.description !== undefined) result.description = previous.description;
  if (previous.keywords !== undefined) result.keywords = previous.keywords;
  if (previous.owners !== undefined) result.owners = previous.owners;
  if (previous.extra !== undefined) result.extra = previous.extra;
  return result;
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
