// The compiler's half of analyze-file.ts: loaded on a thread's first TypeScript or JavaScript file.
import type { FileRoutes, RepoPath } from "../model.js";
import type { FileAnalysis } from "./analyze-file.js";
import { parseSource } from "./compiler.js";
import { encodeCalls } from "./encode-calls.js";
import { extractCalls } from "./extract-calls.js";
import { extractEndpoints } from "./extract-endpoints.js";
import { extractImports } from "./extract-imports.js";
import { extractLexicon } from "./extract-lexicon.js";
import { extractSymbols } from "./extract-symbols.js";
import { renderLexiconField } from "../formats/lexicon.js";

/** What a TypeScript or JavaScript file declares, imports, routes and calls, from one parse by the compiler. */
export function analyzeScript(path: RepoPath, text: string): FileAnalysis {
  const sourceFile = parseSource(path, text);
  const diagnostics = (sourceFile as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  const symbols = extractSymbols(sourceFile, path);
  return {
    symbols,
    ...routesOf(extractEndpoints(sourceFile, path)),
    imports: extractImports(sourceFile),
    calls: encodeCalls(extractCalls(sourceFile, symbols)),
    syntaxErrors: diagnostics.length,
    lexicon: renderLexiconField(extractLexicon(sourceFile, symbols)),
  };
}

/** Only a file with something to say about routes carries them: the per-file cache stays as small as before. */
function routesOf(routes: FileRoutes): { routes?: FileRoutes } {
  const empty = routes.registrations.length + routes.mounts.length + routes.prefixes.length + routes.exports.length === 0 && !routes.basePath;
  return empty ? {} : { routes };
}
