import type { EndpointRecord, FileRecord, ModuleRecord } from "../../model.js";
import type { FileRow } from "../../formats/file-index.js";
import type { SymbolRow } from "../../formats/symbol-index.js";
import { compare, moduleOfPath } from "./build-modules.js";

export interface IndexRows {
  symbols: SymbolRow[];
  endpoints: EndpointRecord[];
  files: FileRow[];
}

/** The rows of every index file, in their one deterministic order: path, then line, then name. */
export function indexRows(records: readonly FileRecord[], modules: readonly ModuleRecord[]): IndexRows {
  const sorted = [...records].sort((a, b) => compare(a.path, b.path));
  const symbols: SymbolRow[] = [];
  const endpoints: EndpointRecord[] = [];
  const files: FileRow[] = [];
  for (const record of sorted) {
    const ownSymbols = [...record.symbols].sort(
      (a, b) => a.line - b.line || compare(a.container, b.container) || compare(a.name, b.name) || compare(a.kind, b.kind),
    );
    for (const symbol of ownSymbols) symbols.push({ ...symbol, isTest: record.isTest });
    endpoints.push(
      ...[...record.endpoints].sort(
        (a, b) => a.line - b.line || compare(a.method, b.method) || compare(a.route, b.route) || compare(a.handler, b.handler),
      ),
    );
    files.push({
      path: record.path,
      sha256: record.sha256,
      module: moduleOfPath(record.path, modules) ?? "",
      isTest: record.isTest,
      symbols: record.symbols.length,
      endpoints: record.endpoints.length,
    });
  }
  return { symbols, endpoints, files };
}
