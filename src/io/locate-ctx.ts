import { existsSync, readFileSync, realpathSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { ctxInvocation, type CtxLocation } from "../core/init/agent-instructions.js";
import { CTX_BIN } from "../core/hooks/hook-script.js";

/** The package ctx is published as; the registry's `ctx` is someone else's. */
const PACKAGE = "ctx-nav";

/**
 * Where ctx is for a repository (see CtxLocation). A `ctx` bin counts only when it is ctx-nav's: a
 * command ctx writes into instructions must run this package or fail, never another tool of that name.
 */
export function locateCtx(root: string): CtxLocation {
  const local = join(root, "node_modules", ".bin", "ctx");
  // npm, pnpm and yarn link the bin to the package's file; on Windows it is a shim, so the package beside it answers.
  if (existsSync(local) && (isCtxNavBin(local) || packageName(join(root, "node_modules", PACKAGE)) === PACKAGE)) return "local";
  if (ownsCtxBin(root)) return "own";
  const onPath = findOnPath();
  return onPath !== null && isCtxNavBin(onPath) ? "path" : null;
}

/** ctx-nav's own repository: its package.json declares the `ctx` bin (`node bin/ctx.js` runs the build). */
function ownsCtxBin(root: string): boolean {
  const manifest = readManifest(root);
  const bin = manifest?.bin;
  return manifest?.name === PACKAGE && typeof bin === "object" && bin !== null && typeof (bin as Record<string, unknown>).ctx === "string";
}

/** Whether a bin resolves (through its links) to a file of the ctx-nav package: `<package>/bin/ctx.js`. */
function isCtxNavBin(path: string): boolean {
  try {
    return packageName(dirname(dirname(realpathSync(path)))) === PACKAGE;
  } catch {
    // A dangling link: not a ctx that runs.
    return false;
  }
}

function packageName(dir: string): string | undefined {
  const name = readManifest(dir)?.name;
  return typeof name === "string" ? name : undefined;
}

function readManifest(dir: string): Record<string, unknown> | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return typeof manifest === "object" && manifest !== null ? (manifest as Record<string, unknown>) : undefined;
  } catch {
    // No package.json, or one that is not JSON: not a reason to fail a hint.
    return undefined;
  }
}

/** The command that runs ctx in this repository, as hints and instructions should name it. */
export function invocationAt(root: string): string {
  return ctxInvocation(locateCtx(root));
}

/** The hook's own search (core/hooks/hook-script.ts), done here to report it: the repository's node_modules/.bin, then PATH. */
export function findCtx(root: string): string | null {
  const local = join(root, "node_modules", ".bin", CTX_BIN);
  if (existsSync(local)) return local;
  return findOnPath(CTX_BIN);
}

function findOnPath(bin = "ctx"): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir && existsSync(join(dir, bin))) return join(dir, bin);
  return null;
}
