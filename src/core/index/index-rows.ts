import type { EndpointRecord, ModuleRecord } from "../../model.js";
import type { FileRow } from "../../formats/file-index.js";
import { compare } from "./build-modules.js";
import { moduleLocator } from "./module-of-path.js";
import type { IndexedFile } from "./indexed-file.js";

export interface IndexRows {
  symbolCount: number;
  endpoints: EndpointRecord[];
  files: FileRow[];
}

/**
 * The rows of every index file, in their one deterministic order: path, then line, then name.
 * `endpoints`: joined across files already (core/index/join-routes.ts), sorted by path and line.
 */
export function indexRows(files: readonly IndexedFile[], modules: readonly ModuleRecord[], endpoints: readonly EndpointRecord[]): IndexRows {
  const sorted = [...files].sort((a, b) => compare(a.path, b.path));
  const rows: IndexRows = { symbolCount: 0, endpoints: [...endpoints], files: [] };
  const perFile = new Map<string, number>();
  for (const endpoint of endpoints) perFile.set(endpoint.path, (perFile.get(endpoint.path) ?? 0) + 1);
  const moduleOf = moduleLocator(modules);
  for (const file of sorted) {
    rows.symbolCount += file.symbolCount;
    rows.files.push({
      path: file.path,
      sha256: file.sha256,
      module: moduleOf(file.path) ?? "",
      isTest: file.isTest,
      symbols: file.symbolCount,
      endpoints: perFile.get(file.path) ?? 0,
    });
  }
  return rows;
}
