import { existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { ctxInvocation, type CtxLocation } from "../core/init/agent-instructions.js";

/**
 * Where ctx is for a repository: installed in it (node_modules/.bin) or the repository's own
 * package (`npx ctx` runs a project's own bin: ctx's repository), on PATH, or neither.
 */
export function locateCtx(root: string): CtxLocation {
  const found = findCtx(root);
  if (found === join(root, "node_modules", ".bin", "ctx") || ownsCtxBin(root)) return "local";
  return found === null ? null : "path";
}

function ownsCtxBin(root: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const bin = typeof manifest === "object" && manifest !== null ? (manifest as { bin?: unknown }).bin : undefined;
    return typeof bin === "object" && bin !== null && typeof (bin as Record<string, unknown>).ctx === "string";
  } catch {
    // No package.json, or one that is not JSON: not a reason to fail a hint.
    return false;
  }
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
