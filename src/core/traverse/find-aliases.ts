import type { ExportAlias } from "../../formats/call-index.js";
import type { SymbolRow } from "../../formats/symbol-index.js";
import type { RepoPath } from "../../model.js";
import { bySymbolRank, matchesPath, type SymbolQuery } from "./find-symbols.js";

/** A declaration a query reached through a name it is exported as, not its own. */
export interface AliasedSymbol {
  row: SymbolRow;
  /** The name the query used: what the declaration is exported as. */
  alias: string;
  /** The files exporting it under that name, sorted. */
  exportedFrom: RepoPath[];
}

/** The simple name of a declaration's qualified one (`format` of `Utils.format`): what symbol rows are looked up by. */
export const simpleName = (qualified: string): string => qualified.slice(qualified.lastIndexOf(".") + 1);

/**
 * The declarations `query` names by an alias (`HonoBase` of `export { Hono as HonoBase }`), each
 * once with every file exporting it so: `aliases` are those spelled as the query's name, `rowsOf`
 * gives the symbol rows of a simple name. A `path:` query matches the exporting file or the
 * declaring one; a `Container.member` query never names an alias (an export is top-level).
 */
export function findAliased(aliases: readonly ExportAlias[], query: SymbolQuery, rowsOf: (name: string) => readonly SymbolRow[]): AliasedSymbol[] {
  if (query.container !== null) return [];
  const found = new Map<string, AliasedSymbol>();
  for (const alias of aliases) {
    if (alias.name !== query.name) continue;
    const { target } = alias;
    const container = target.name.includes(".") ? target.name.slice(0, target.name.lastIndexOf(".")) : "";
    const row = rowsOf(simpleName(target.name)).find((candidate) => candidate.name === simpleName(target.name) && candidate.container === container && candidate.path === target.path && candidate.line === target.line);
    if (!row) continue;
    if (query.path !== null && !matchesPath(alias.path, query.path) && !matchesPath(row.path, query.path)) continue;
    const key = `${row.path}:${row.line}:${target.name}`;
    const entry = found.get(key) ?? { row, alias: alias.name, exportedFrom: [] };
    if (!entry.exportedFrom.includes(alias.path)) entry.exportedFrom.push(alias.path);
    found.set(key, entry);
  }
  for (const entry of found.values()) entry.exportedFrom.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...found.values()].sort((a, b) => bySymbolRank(a.row, b.row));
}

/** findAliased over what two loaders give: the aliases spelled as a name, and the symbol rows of a simple name. */
export async function lookUpAliased(
  query: SymbolQuery,
  aliasesNamed: (name: string) => Promise<readonly ExportAlias[]>,
  symbolsNamed: (name: string) => Promise<readonly SymbolRow[]>,
): Promise<AliasedSymbol[]> {
  if (query.container !== null) return [];
  const aliases = await aliasesNamed(query.name);
  if (aliases.length === 0) return [];
  const names = [...new Set(aliases.map((alias) => simpleName(alias.target.name)))];
  const rows = new Map(await Promise.all(names.map(async (name) => [name, await symbolsNamed(name)] as const)));
  return findAliased(aliases, query, (name) => rows.get(name) ?? []);
}
