import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { ctxInvocation, type CtxLocation } from "../core/init/agent-instructions.js";

/** Where ctx is for a repository: installed in it (node_modules/.bin), on PATH, or neither. */
export function locateCtx(root: string): CtxLocation {
  const found = findCtx(root);
  return found === null ? null : found === join(root, "node_modules", ".bin", "ctx") ? "local" : "path";
}

/** The command that runs ctx in this repository, as hints and instructions should name it. */
export function invocationAt(root: string): string {
  return ctxInvocation(locateCtx(root));
}

/** The hook's own search, done here to report it: the repository's node_modules/.bin, then PATH. */
export function findCtx(root: string): string | null {
  const local = join(root, "node_modules", ".bin", "ctx");
  if (existsSync(local)) return local;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir && existsSync(join(dir, "ctx"))) return join(dir, "ctx");
  return null;
}
