import type { TreeLanguage } from "../analyze-tree.js";
import { extractJavaRoutes } from "./extract-routes.js";

// Extractors to come (issue 41): the grammar parses, nothing is extracted yet.
export const JAVA: TreeLanguage = { grammar: "java", symbols: () => [], imports: () => [], routes: extractJavaRoutes };
