import type { SymbolRow } from "../../formats/symbol-index.js";

export interface SymbolQuery {
  name: string;
  /** `Container` of `Container.member`; matches the container itself or its last segments. */
  container: string | null;
  /** `path/to/file.ts` of `path/to/file.ts:name`; matches the path or a path ending with it. */
  path: string | null;
}

export function parseSymbolQuery(query: string): SymbolQuery {
  let rest = query.trim();
  let path: string | null = null;
  const colon = rest.lastIndexOf(":");
  if (colon > 0) {
    path = rest.slice(0, colon).replace(/^\.\//, "");
    rest = rest.slice(colon + 1);
  }
  const dot = rest.lastIndexOf(".");
  if (dot > 0 && dot < rest.length - 1) {
    return { name: rest.slice(dot + 1), container: rest.slice(0, dot), path };
  }
  return { name: rest, container: null, path };
}

export function matchesPath(rowPath: string, queryPath: string): boolean {
  return rowPath === queryPath || rowPath.endsWith(`/${queryPath}`);
}

function matchesContainer(rowContainer: string, container: string): boolean {
  return rowContainer === container || rowContainer.endsWith(`.${container}`);
}

/** Exact-name candidates, source before tests, exported before internal, then path and line. */
export function findSymbols(rows: readonly SymbolRow[], query: SymbolQuery): SymbolRow[] {
  const found = rows.filter(
    (row) =>
      row.name === query.name &&
      (query.container === null || matchesContainer(row.container, query.container)) &&
      (query.path === null || matchesPath(row.path, query.path)),
  );
  return found.sort(bySymbolRank);
}

/** Source before tests, exported before internal, then path and line: the order candidates are checked and listed in. */
export function bySymbolRank(a: SymbolRow, b: SymbolRow): number {
  return Number(a.isTest) - Number(b.isTest) || Number(b.exported) - Number(a.exported) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line;
}

/** The last segment of a qualified name (`find` of `UsersService.find`): what a call lookup is keyed by. */
export function memberName(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf(".") + 1);
}
