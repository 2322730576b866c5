import { MODULE_EXPORTS, type CallSummary, type RepoPath } from "../../model.js";
import type { IndexedFile, LinkRecord } from "../index/indexed-file.js";
import { changedNames } from "./changed-names.js";
import { CS_GLOBAL_USINGS, csExtensionProbe, hasPackageScope, packageProbe, rubyConstantProbe, STARS, WHOLE_FILE } from "./link-calls.js";
import { decodeReads, decodeResolved, readKey } from "./reads-codec.js";

/** What planning needs of a file's summary, known without reading it, and the summary, read where its shape changed. */
export type SummaryShape = Pick<IndexedFile, "shape" | "callables" | "script"> & { summary: { get(): CallSummary } };

/** A file as the last run left it: its summary's shape, how it was linked and what it read then. */
export type LastState = SummaryShape & { link?: Pick<LinkRecord, "stars"> | null; reads?: string };

export interface RelinkInput {
  /** Every indexed file of this run, with how it was last linked (null: parsed in this run) and what it read then. */
  files: readonly (SummaryShape & Pick<IndexedFile, "path" | "link" | "reads">)[];
  /** Files whose content changed since the last run, as the last run left them (undefined: the file is new). */
  changed: ReadonlyMap<RepoPath, LastState | undefined>;
  /** Files indexed last run and gone now, as the last run left them. */
  dropped: ReadonlyMap<RepoPath, LastState>;
  /** Whether module resolution (workspace packages, tsconfig paths) differs from the last run's. */
  resolutionChanged: boolean;
  /** What a module specifier written in a file reaches in this run's file set (resolveSpecifier). */
  resolve(from: RepoPath, specifier: string): RepoPath | null;
  /**
   * What every path `resolve` may look at for this specifier begins with (relativeLookupPrefix);
   * null when it looks at none, undefined when that is not known (every path then counts).
   */
  lookupPrefix?(from: RepoPath, specifier: string): string | null | undefined;
}

const EMPTY: CallSummary = { callers: [], declarations: [], imports: [], exports: [], sites: [], types: [] };

/**
 * A script (no imports, no exports) whose declarations are globals any file may reach without a
 * trace. One that declares nothing (comments, generated docs, statements) moves no link elsewhere.
 */
const declaresGlobals = (file: SummaryShape): boolean => file.script && file.summary.get().declarations.length > 0;

/**
 * The files whose sites must be linked again, or undefined for all of them. A file's links depend
 * on its own summary, on the names it read of other files (their declarations, imports and exports
 * under those names: `reads`), on which names some file declares as callable (`probes`), and on
 * what the specifiers of the files it read resolve to. A name looked up through a barrel's `export *`
 * and not found in a module it reaches is read of the barrel only: a change to the name in that
 * module counts as one in every barrel that reaches it through stars. Module resolution and global
 * scripts' declarations can move any link, so a change to them relinks everything.
 */
export function planRelink(input: RelinkInput): ReadonlySet<RepoPath> | undefined {
  if (input.resolutionChanged) return undefined;
  const relink = new Set<RepoPath>();
  /** Per file whose shape changed, the names another file may now read differently. */
  const reshaped = new Map<RepoPath, Set<string>>();
  const names = new Set<string>();
  const byPath = new Map(input.files.map((file) => [file.path, file]));
  const added: RepoPath[] = [];
  const addTo = (path: RepoPath, changed: Iterable<string>): void => {
    const set = reshaped.get(path) ?? new Set<string>();
    for (const name of changed) set.add(name);
    if (set.size > 0) reshaped.set(path, set);
  };
  /**
   * A Java package's files, a PHP namespace's, see one another's top-level names without an import,
   * wherever they sit: a file added to it, dropped from it, moved to another or declaring other
   * top-level names can be where a name its files (and those importing it on demand, or naming it
   * in full) looked for is. Those files probed it.
   */
  const packageMoved = (path: RepoPath, before: CallSummary | undefined, after: CallSummary | undefined): void => {
    if (path.endsWith(".rb") || path.endsWith(".rake")) return rubyMoved(before, after);
    // A Rust trait's fns are extension methods as C#'s are, without a package scope.
    if (path.endsWith(".rs")) csharpMoved(before, after);
    if (!hasPackageScope(path)) return;
    if (path.endsWith(".cs")) csharpMoved(before, after);
    const top = (summary: CallSummary | undefined): string =>
      summary === undefined ? "" : JSON.stringify([summary.package ?? "", summary.declarations.filter((decl) => !decl.name.includes(".")).map((decl) => decl.name)]);
    if (top(before) === top(after)) return;
    for (const summary of [before, after]) if (summary !== undefined) names.add(packageProbe(path, summary.package ?? ""));
  };
  /**
   * A C# file's `global using`s apply to every file (CALLS.md): one added or dropped relinks the files
   * that looked a name up in them. An extension method added or dropped relinks the files whose call
   * of its name on a value outside the repository asked for one.
   */
  const csharpMoved = (before: CallSummary | undefined, after: CallSummary | undefined): void => {
    const usings = (summary: CallSummary | undefined): string => JSON.stringify((summary?.imports ?? []).filter((binding) => binding.local.startsWith("*global:")).map((binding) => binding.local));
    if (usings(before) !== usings(after)) names.add(CS_GLOBAL_USINGS);
    const extensions = (summary: CallSummary | undefined): Set<string> => new Set((summary?.declarations ?? []).filter((decl) => decl.extension).map((decl) => decl.name.slice(decl.name.lastIndexOf(".") + 1)));
    const then = extensions(before);
    const now = extensions(after);
    for (const name of then) if (!now.has(name)) names.add(csExtensionProbe(name));
    for (const name of now) if (!then.has(name)) names.add(csExtensionProbe(name));
  };
  /** A Ruby constant (a class, module or constant by its full name) declared or no longer: the files that looked that name up (CALLS.md). */
  const rubyMoved = (before: CallSummary | undefined, after: CallSummary | undefined): void => {
    const constants = (summary: CallSummary | undefined): Set<string> => new Set((summary?.declarations ?? []).filter((decl) => decl.kind === "class" || decl.kind === "module" || decl.kind === "constant").map((decl) => decl.name));
    const then = constants(before);
    const now = constants(after);
    for (const name of then) if (!now.has(name)) names.add(rubyConstantProbe(name));
    for (const name of now) if (!then.has(name)) names.add(rubyConstantProbe(name));
  };
  const callablesMoved = (before: readonly string[], after: readonly string[]): void => {
    const then = new Set(before);
    const now = new Set(after);
    for (const name of then) if (!now.has(name)) names.add(name);
    for (const name of now) if (!then.has(name)) names.add(name);
  };
  /** The names `export *` of `path` brings (undefined: any name, through its own stars or `export =`), as the last run and this one know it. */
  const starNames = (path: RepoPath | null): Set<string> | undefined => {
    if (path === null) return new Set();
    const summaries = [input.dropped.get(path)?.summary, input.changed.get(path)?.summary, byPath.get(path)?.summary].flatMap((s) => (s ? [s.get()] : []));
    const found = new Set<string>();
    for (const summary of summaries) {
      for (const binding of summary.exports) {
        if (binding.name === STARS || binding.name === MODULE_EXPORTS) return undefined;
        found.add(binding.name);
      }
    }
    return found;
  };
  /** The names another file reads differently of `summary` when `moved` specifiers reach elsewhere: what they bind, and what stars through them bring. */
  const boundTo = (summary: CallSummary, moved: ReadonlyMap<string, [RepoPath | null, RepoPath | null]>): string[] => {
    const bound: string[] = [];
    for (const binding of summary.imports) if (moved.has(binding.specifier) || (binding.submodule !== undefined && moved.has(binding.submodule))) bound.push(binding.local);
    for (const binding of summary.exports) {
      if (binding.specifier === undefined || !moved.has(binding.specifier)) continue;
      if (binding.name !== STARS) {
        bound.push(binding.name);
        continue;
      }
      for (const target of moved.get(binding.specifier)!) {
        const brought = starNames(target);
        if (brought === undefined) return [WHOLE_FILE];
        bound.push(...brought);
      }
    }
    return bound;
  };

  for (const file of input.files) {
    if (!input.changed.has(file.path)) {
      if (file.link === null) return undefined;
      continue;
    }
    relink.add(file.path);
    const before = input.changed.get(file.path);
    if (before === undefined) {
      // A new global script can be what any unresolved name is.
      if (declaresGlobals(file)) return undefined;
      added.push(file.path);
      callablesMoved([], file.callables);
      packageMoved(file.path, undefined, file.summary.get());
      continue;
    }
    if (before.shape === file.shape) continue;
    if (declaresGlobals(before) || declaresGlobals(file)) return undefined;
    const then = before.summary.get();
    const now = file.summary.get();
    packageMoved(file.path, then, now);
    const changed = changedNames(then, now);
    if (changed.has(MODULE_EXPORTS)) changed.add(WHOLE_FILE);
    if (changed.has(STARS)) for (const name of starsMoved(file.path, then, now, before.reads ?? "")) changed.add(name);
    // Only renumbered (the type table): nothing another file reads differs.
    addTo(file.path, changed);
    callablesMoved(before.callables, file.callables);
  }
  for (const [path, before] of input.dropped) {
    if (declaresGlobals(before)) return undefined;
    const then = before.summary.get();
    packageMoved(path, then, undefined);
    const changed = changedNames(then, EMPTY);
    if (changed.has(MODULE_EXPORTS)) changed.add(WHOLE_FILE);
    if (changed.has(STARS)) for (const name of starsMoved(path, then, EMPTY, before.reads ?? "")) changed.add(name);
    addTo(path, changed);
    callablesMoved(before.callables, []);
  }
  // A Go package is a folder whose files see one another's names without an import: a file added to
  // it or dropped from it can be where a name its other files looked for (and did not find) is.
  const folderOf = (path: RepoPath): string => path.slice(0, Math.max(0, path.lastIndexOf("/")));
  const goFolders = new Set([...added, ...input.dropped.keys()].filter((path) => path.endsWith(".go")).map(folderOf));
  if (goFolders.size > 0) for (const file of input.files) if (file.path.endsWith(".go") && goFolders.has(folderOf(file.path))) relink.add(file.path);
  // Files added or dropped: a specifier can reach another file than it did (or one where it reached
  // none). What a file wrote through it is read differently, and the file links differently itself.
  if (added.length > 0 || input.dropped.size > 0) {
    // A specifier can reach elsewhere only if a path that came or went is one its resolution looks at.
    const comeOrGone = [...added, ...input.dropped.keys()].sort();
    const mayMove = (from: RepoPath, specifier: string): boolean => {
      const prefix = input.lookupPrefix?.(from, specifier);
      if (prefix === undefined) return true;
      if (prefix === null) return false;
      let [low, high] = [0, comeOrGone.length];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (comeOrGone[middle]! < prefix) low = middle + 1;
        else high = middle;
      }
      return low < comeOrGone.length && comeOrGone[low]!.startsWith(prefix);
    };
    for (const file of input.files) {
      const before = input.changed.has(file.path) ? input.changed.get(file.path) : file;
      if (before === undefined) continue;
      const resolved = decodeResolved(before.reads ?? "");
      if (resolved === undefined) return undefined;
      const moved = new Map<string, [RepoPath | null, RepoPath | null]>();
      for (const [specifier, target] of resolved) {
        if (!mayMove(file.path, specifier)) continue;
        const now = input.resolve(file.path, specifier);
        if (now !== target) moved.set(specifier, [target, now]);
      }
      if (moved.size === 0) continue;
      relink.add(file.path);
      addTo(file.path, boundTo(file.summary.get(), moved));
      if (before !== file) addTo(file.path, boundTo(before.summary.get(), moved));
    }
  }

  /** The names `export *` bindings added or removed bring: those of the modules they reach; any name when the order of the others moved. */
  function starsMoved(path: RepoPath, then: CallSummary, now: CallSummary, readsThen: string): string[] {
    const stars = (summary: CallSummary): string[] => summary.exports.flatMap((binding) => (binding.name === STARS && binding.specifier !== undefined ? [binding.specifier] : []));
    const [old, current] = [stars(then), stars(now)];
    const kept = old.filter((specifier) => current.includes(specifier));
    if (kept.join("\0") !== current.filter((specifier) => old.includes(specifier)).join("\0")) return [WHOLE_FILE];
    const resolvedThen = new Map(decodeResolved(readsThen) ?? []);
    const brought: string[] = [];
    const targets = [
      ...old.filter((specifier) => !current.includes(specifier)).map((specifier) => (resolvedThen.has(specifier) ? resolvedThen.get(specifier)! : undefined)),
      ...current.filter((specifier) => !old.includes(specifier)).map((specifier) => input.resolve(path, specifier)),
    ];
    for (const target of targets) {
      const found = target === undefined ? undefined : starNames(target);
      if (found === undefined) return [WHOLE_FILE];
      brought.push(...found);
    }
    return brought;
  }

  if (reshaped.size === 0 && names.size === 0) return relink;
  const changedByKey = new Map([...throughStars(input, reshaped)].map(([path, changed]) => [readKey(path), changed]));
  const keys = [...changedByKey.keys()];
  for (const file of input.files) {
    if (relink.has(file.path) || file.link === null) continue;
    if (file.link.probes.some((name) => names.has(name))) relink.add(file.path);
    // Most files read none of the reshaped ones: told by their keys' text, without decoding.
    else if (keys.some((key) => file.reads.includes(key)) && readChanged(file.reads, changedByKey)) relink.add(file.path);
  }
  return relink;
}

/** Whether reads (IndexedFile.reads) include a name that changed in the file read; an unreadable text counts as yes. */
function readChanged(text: string, reshaped: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const inputs = decodeReads(text);
  if (inputs === undefined) return true;
  for (const [key, changed] of reshaped) {
    const read = inputs.reads.get(key);
    if (read !== undefined && (changed.has(WHOLE_FILE) || read.some((name) => name === WHOLE_FILE || changed.has(name)))) return true;
  }
  return false;
}

/** The changed names of each reshaped file, and of every barrel that reaches one through `export *` (as last linked). */
function throughStars(input: RelinkInput, reshaped: ReadonlyMap<RepoPath, ReadonlySet<string>>): Map<RepoPath, Set<string>> {
  const barrels = new Map<RepoPath, RepoPath[]>();
  const starsOf = (path: RepoPath, link: Pick<LinkRecord, "stars"> | null | undefined): void => {
    for (const target of link?.stars ?? []) {
      const list = barrels.get(target);
      if (list) list.push(path);
      else barrels.set(target, [path]);
    }
  };
  for (const file of input.files) starsOf(file.path, input.changed.has(file.path) ? input.changed.get(file.path)?.link : file.link);
  for (const [path, before] of input.dropped) starsOf(path, before.link);
  const changedIn = new Map<RepoPath, Set<string>>();
  for (const [path, changed] of reshaped) {
    const queue = [path];
    const seen = new Set(queue);
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const names = changedIn.get(next) ?? new Set<string>();
      for (const name of changed) names.add(name);
      changedIn.set(next, names);
      for (const barrel of barrels.get(next) ?? []) {
        if (seen.has(barrel)) continue;
        seen.add(barrel);
        queue.push(barrel);
      }
    }
  }
  return changedIn;
}
