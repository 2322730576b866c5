import type { RepoPath } from "../../model.js";

// Route files in a format of their own, read for their routes only: Symfony's kernel loads
// config/routes.yaml and config/routes/*.yaml by itself (an environment's subfolder it loads only there).
const ROUTE_CONFIG = /(?:^|\/)config\/routes(?:\.ya?ml|\/[^/]+\.ya?ml)$/;

/** Whether `path` is a route file indexed beside the sources (analysis/php/symfony-route-config.ts reads it). */
export function isRouteConfigPath(path: RepoPath): boolean {
  return ROUTE_CONFIG.test(path);
}
