import type { TreeLanguage } from "../analyze-tree.js";

// Extractors to come (issue 41): the grammar parses, nothing is extracted yet.
export const CSHARP: TreeLanguage = { grammar: "c-sharp", symbols: () => [], imports: () => [] };
