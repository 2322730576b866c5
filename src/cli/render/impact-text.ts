import type { ImpactSummary, TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";
import { quotePath } from "../../formats/quoted-path.js";
import { estimateTokens } from "../../core/brief/estimate-tokens.js";
import { callersText } from "./call-groups-text.js";

/** Chains spelled out under the entries: enough to see how the target is reached, not every path. */
const CHAINS_SHOWN = 2;
/** Steps of one chain spelled out; a longer one keeps its ends. */
const CHAIN_STEPS_SHOWN = 5;
/** Direct callers named on a compact answer's hub line. */
const HUBS_NAMED = 6;

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

/**
 * An Impact answer, compact: the targets, then the entry points that reach them, grouped by the
 * declaration their shortest chain calls the target through (its direct caller, named once with
 * where it is), then by file, each entry once with its declaration's line (and route); a few
 * chains spelled out; tests counted (or listed with --tests); a closing line that says whether
 * this is everything or which calls of names on the way stayed unresolved.
 */
export function renderImpactText(result: TraverseResult): string[] {
  const impact = result.impact!;
  const entries = result.hits.filter((hit) => hit.kind !== "test");
  const tests = result.hits.filter((hit) => hit.kind === "test");
  const lines = [`TRAVERSE_HIT Impact ${result.query} (${plural(impact.entries, "entry point")}; ${plural(impact.declarations, "declaration")} ${impact.declarations === 1 ? "reaches" : "reach"} ${impact.targets.length === 1 ? "it" : "them"})`, ...targetLines(impact, result.query)];
  const groups = new Map<string, TraverseHit[]>();
  for (const hit of entries) {
    const key = typeof hit.via === "string" ? `${String(hit.viaPath)}\0${hit.via}` : "";
    groups.set(key, [...(groups.get(key) ?? []), hit]);
  }
  // Entries that call a target themselves first, then the hubs, the most entries first.
  const ordered = [...groups].sort(([a, x], [b, y]) => Number(a !== "") - Number(b !== "") || y.length - x.length || (a < b ? -1 : a > b ? 1 : 0));
  const byHub: string[] = [];
  for (const [key, hits] of ordered) {
    const first = hits[0]!;
    if (ordered.length > 1 || key !== "") {
      byHub.push(key === "" ? `directly (${hits.length}):` : `via ${String(first.via)} ${quotePath(String(first.viaPath))}${first.viaLine === null ? "" : `:${String(first.viaLine)}`} (${hits.length}):`);
    }
    byHub.push(...fileLines(hits));
  }
  // Past its budget (8 tokens an entry + 300), a long answer is one line per file, each file once, and the hubs one line:
  // grouped by hub, a file and its folder are said again under every hub its entries go through.
  const budget = 8 * entries.length + 300 - 60;
  const compact = estimateTokens(byHub.join("\n")) + estimateTokens(lines.join("\n")) > budget;
  lines.push(...(compact ? [...compactLines(entries), ...hubLine(ordered)] : byHub));
  const unlisted = result.total - result.hits.length;
  if (unlisted > 0) lines.push(`+${unlisted} more (raise --limit to see them)`);
  // A compact answer spells out one chain: the hub line says where the others go.
  lines.push(...chainLines(entries, compact ? 1 : CHAINS_SHOWN));
  if (tests.length > 0) {
    lines.push(`tests (${plural(impact.tests.declarations, "declaration")} in ${plural(impact.tests.files, "file")}):`, ...fileLines(tests));
  } else if (impact.tests.files > 0) {
    lines.push(`tests: ${plural(impact.tests.declarations, "declaration")} in ${plural(impact.tests.files, "file")} (--tests lists them)`);
  }
  lines.push(closingLine(impact, result.rejected.length));
  return lines;
}

/** The targets: one line, or one per file when there are several (a class's members). */
function targetLines(impact: ImpactSummary, query: string): string[] {
  if (impact.targets.length === 1) {
    const [target] = impact.targets;
    // A query that named the file (`path:Name`) is not answered with the path again.
    const named = query.startsWith(`${target!.path}:`) && !/^\d+$/.test(query.slice(target!.path.length + 1));
    const path = named ? "" : quotePath(target!.path);
    return [`→ ${target!.kind} ${target!.name} ${path}${target!.line === null ? "" : `:${target!.line}`}`];
  }
  const byFile = new Map<string, Map<string, number[]>>();
  for (const target of impact.targets) {
    const names = byFile.get(target.path) ?? new Map<string, number[]>();
    byFile.set(target.path, names);
    names.set(target.name, target.line === null ? [] : [target.line]);
  }
  return [...byFile].map(([path, names]) => `→ ${quotePath(path)}: ${callersText(names)}`);
}

/** One line per file: each entry's name and declaration line, with its route when it serves one. */
function fileLines(hits: readonly TraverseHit[]): string[] {
  const byFile = new Map<string, Map<string, number[]>>();
  for (const hit of hits) {
    const names = byFile.get(hit.path) ?? new Map<string, number[]>();
    byFile.set(hit.path, names);
    // A GraphQL field named as its resolver method (`[MUTATION] ShopOrderResolver.addItemToOrder`) is said once.
    const route = typeof hit.route === "string" ? `[${String(hit.method)}${hit.route === hit.name.slice(hit.name.lastIndexOf(".") + 1) ? "" : ` ${hit.route}`}] ` : "";
    const name = `${route}${hit.name}`;
    names.set(name, [...(names.get(name) ?? []), ...(hit.line === null ? [] : [hit.line])]);
  }
  const files = [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Files of one folder under it, the folder said once (`packages/core/src/api/resolvers/admin/`): a deep tree's paths are most of a long answer.
  const folderOf = (path: string): string => (quotePath(path) === path ? path.slice(0, path.lastIndexOf("/") + 1) : "");
  const lines: string[] = [];
  for (let i = 0; i < files.length; ) {
    const folder = folderOf(files[i]![0]);
    let end = i + 1;
    while (folder !== "" && end < files.length && folderOf(files[end]![0]) === folder) end += 1;
    if (end - i >= 2) {
      lines.push(`  ${folder}`);
      for (const [path, names] of files.slice(i, end)) lines.push(`    ${path.slice(folder.length)}: ${callersText(names)}`);
    } else {
      lines.push(`  ${quotePath(files[i]![0])}: ${callersText(files[i]![1])}`);
    }
    i = end;
  }
  return lines;
}

/**
 * Entries by file, each file once: files sharing a package folder (the path to its `src/`, else the
 * file's folder) under it, a class said once per file (`AdminController: gatherMax 102; …`), and the
 * routes' common prefix said once (`[/api/v1/admin] POST gather/max gatherMax 102`).
 */
function compactLines(hits: readonly TraverseHit[]): string[] {
  // The prefix every route shares (`/api/v1`), said once.
  const allRoutes = hits.flatMap((hit) => (typeof hit.route === "string" && hit.route.startsWith("/") ? [hit.route] : []));
  const base = allRoutes.length > 1 ? commonRoutePrefix(allRoutes) : "";
  const byFile = new Map<string, TraverseHit[]>();
  for (const hit of hits) byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit]);
  // A tree of folders, each said once: a folder with one thing in it is merged into that thing's line.
  const root: Folder = { folders: new Map(), files: new Map() };
  for (const [path, fileHits] of byFile) {
    const parts = quotePath(path) === path ? path.split("/") : [quotePath(path)];
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { folders: new Map(), files: new Map() }));
      folder = next;
    }
    folder.files.set(parts[parts.length - 1]!, fileHits);
  }
  const lines: string[] = base === "" ? [] : [`routes under ${base}:`];
  const render = (folder: Folder, prefix: string, depth: number): void => {
    const indent = "  ".repeat(depth + 1);
    for (const [name, fileHits] of [...folder.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) lines.push(`${indent}${prefix}${name}: ${entriesText(fileHits, base)}`);
    for (const [name, child] of [...folder.folders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (child.files.size + child.folders.size === 1) {
        render(child, `${prefix}${name}/`, depth);
        continue;
      }
      lines.push(`${indent}${prefix}${name}/`);
      render(child, "", depth + 1);
    }
  };
  render(root, "", 0);
  return lines;
}

interface Folder {
  folders: Map<string, Folder>;
  files: Map<string, TraverseHit[]>;
}

/** One file's entries: the class said once, the routes' shared prefix said once, each entry's method, rest of route, name and line. */
function entriesText(hits: readonly TraverseHit[], base: string): string {
  const sorted = [...hits].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.name < b.name ? -1 : 1));
  const dot = sorted[0]!.name.lastIndexOf(".");
  const owner = dot > 0 ? sorted[0]!.name.slice(0, dot + 1) : "";
  const routes = sorted.flatMap((hit) => (typeof hit.route === "string" && hit.route.startsWith("/") ? [hit.route.slice(base.length)] : []));
  // A class whose every entry is printed as its route is not named: the routes say it.
  const ownerShared = sorted.length > 1 && owner !== "" && routes.length < sorted.length && sorted.every((hit) => hit.name.startsWith(owner) && !hit.name.includes(".", owner.length));
  const prefix = routes.length > 1 ? commonRoutePrefix(routes) : "";
  const text = sorted
    .map((hit) => {
      const name = ownerShared ? hit.name.slice(owner.length) : hit.name;
      // A route names its handler well enough: `GET /account 82` is the handler at line 82 (JSON has its name).
      if (typeof hit.route === "string" && hit.route !== hit.name.slice(hit.name.lastIndexOf(".") + 1)) return `${String(hit.method)} ${hit.route.slice(base.length).slice(prefix.length) || "/"}${hit.line === null ? "" : ` ${hit.line}`}`;
      const route = typeof hit.route === "string" ? `${String(hit.method)} ` : "";
      return `${route}${name}${hit.line === null ? "" : ` ${hit.line}`}`;
    })
    .join("; ");
  return `${ownerShared ? owner.slice(0, -1) + " " : ""}${prefix === "" ? "" : `[${prefix}] `}${ownerShared || prefix !== "" ? `{${text}}` : text}`;
}

/** The longest prefix of whole path segments the routes share (`/api/v1/admin`), "" when it is only `/`. */
function commonRoutePrefix(routes: readonly string[]): string {
  const split = routes.map((route) => route.split("/"));
  let shared = 0;
  while (split.every((parts) => parts.length > shared + 1 && parts[shared] === split[0]![shared])) shared += 1;
  return shared <= 1 ? "" : split[0]!.slice(0, shared).join("/");
}

/** The hubs of a compact answer on one line: the direct callers most entries go through, with how many. */
function hubLine(ordered: readonly (readonly [string, TraverseHit[]])[]): string[] {
  const hubs = ordered.filter(([key]) => key !== "");
  if (hubs.length === 0) return [];
  const direct = ordered.find(([key]) => key === "")?.[1].length ?? 0;
  const shown = hubs.slice(0, HUBS_NAMED).map(([, hits]) => `${String(hits[0]!.via)} ${hits.length}`);
  return [`through (entries per direct caller): ${direct > 0 ? `directly ${direct}, ` : ""}${shown.join(", ")}${hubs.length > HUBS_NAMED ? `, +${hubs.length - HUBS_NAMED} more` : ""}`];
}

/**
 * A few chains, from the entry to the target, one per hub, the hubs most entries go through first
 * (served routes first within each): how the target is usually reached, not every path.
 */
function chainLines(entries: readonly TraverseHit[], shown: number): string[] {
  const deep = entries.filter((hit) => typeof hit.depth === "number" && hit.depth > 1);
  if (deep.length === 0) return [];
  const perHub = new Map<string, TraverseHit[]>();
  for (const hit of deep) perHub.set(String(hit.via), [...(perHub.get(String(hit.via)) ?? []), hit]);
  const chosen = [...perHub.values()]
    .sort((a, b) => b.length - a.length)
    .slice(0, shown)
    .map((hits) => [...hits].sort((a, b) => Number(typeof b.route === "string") - Number(typeof a.route === "string") || Number(a.depth) - Number(b.depth))[0]!);
  return [`shortest chain${chosen.length === 1 ? "" : "s"}:`, ...chosen.map((hit) => `  ${chainText(hit)}`)];
}

/** A chain's names, marked where a step is not a call as written: through an interface's member, or handed on by name. */
function chainText(hit: TraverseHit): string {
  const dispatch = new Map(((hit.dispatch as { name: string; kind: string; through?: string }[] | undefined) ?? []).map((step) => [step.name, step]));
  const marked = (name: string): string => {
    const step = dispatch.get(name);
    if (step === undefined) return name;
    if (step.kind === "value") return `${name} (handed on, not called there)`;
    if (step.kind === "middleware") return `${name} (middleware)`;
    if (step.kind === "event" || step.kind === "queue" || step.kind === "channel") return `${name} (on ${step.kind} ${String(step.through)})`;
    return step.kind === "constructed" ? `${name} (run by new ${String(step.through)})` : `${name} (as ${String(step.through)})`;
  };
  const names = (hit.chain as string[]).map(marked);
  // A long chain keeps its ends: the entry and the calls nearest the target; the middle is counted (`ctx traverse Flow <entry> <target>` spells it out).
  return names.length > CHAIN_STEPS_SHOWN ? [...names.slice(0, 2), `… ${names.length - CHAIN_STEPS_SHOWN + 1} more …`, ...names.slice(-(CHAIN_STEPS_SHOWN - 3))].join(" → ") : names.join(" → ");
}

/** Whether a grep is still needed: every way in proven, or the calls on the way that could be more. */
function closingLine(impact: ImpactSummary, rejected: number): string {
  if (impact.complete) return "complete";
  const parts: string[] = [];
  if (impact.unresolved.sites > 0) {
    const names = impact.unresolved.names.slice(0, 5).map((item) => `${item.name} ${item.sites}`);
    const more = impact.unresolved.names.length > 5 ? `, +${impact.unresolved.names.length - 5} more names` : "";
    parts.push(`${plural(impact.unresolved.sites, "unresolved call")} of names on the way (${names.join(", ")}${more}) may reach it too: \`ctx traverse Caller <name>\` lists them`);
  }
  if (rejected > 0) parts.push(`${plural(rejected, "file")} changed since indexing left out; run \`ctx index\``);
  return `not complete: ${parts.join("; ")}`;
}
