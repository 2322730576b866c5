import { existsSync, readFileSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { chainedName, HOOK_MARKER, HOOK_NAMES, hookScript, type HookManager, type HookName } from "../core/hooks/hook-script.js";
import { CtxError } from "../errors.js";
import { writeFileAtomic } from "./atomic-write.js";
import { gitConfigGet, gitHooksDir } from "./git.js";
import type { CtxLocation } from "../core/init/agent-instructions.js";
import { findCtx, locateCtx } from "./locate-ctx.js";

export interface HookState {
  hook: HookName;
  /** Absolute path git runs. */
  path: string;
  /** What is there: ctx's hook, another hook, or nothing. */
  present: "ctx" | "other" | "none";
  /** A hook ctx's replaced, kept beside it and run first. */
  chained: boolean;
}

export interface HooksSetup {
  dir: string;
  hooks: HookState[];
  /** A hook manager that writes the hooks itself: install would be overwritten, so its configuration is the place. */
  manager: HookManager | null;
  /** Where the installed hook would find ctx, or null when it would not. */
  ctx: string | null;
  /** The same, as what to tell a hook manager to run (hookRunCommand). */
  location: CtxLocation;
}

function readHook(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

export async function readHooksSetup(root: string): Promise<HooksSetup> {
  const dir = await gitHooksDir(root);
  if (dir === null) throw new CtxError("hook", `${root} is not a git repository: there are no hooks to install`, "run it inside a git clone (or `git init` first)");
  const hooks = HOOK_NAMES.map((hook): HookState => {
    const path = join(dir, hook);
    const text = readHook(path);
    return { hook, path, present: text === null ? "none" : text.includes(HOOK_MARKER) ? "ctx" : "other", chained: existsSync(join(dir, chainedName(hook))) };
  });
  return { dir, hooks, manager: await hookManager(root), ctx: findCtx(root), location: locateCtx(root) };
}

/** husky (v9 points core.hooksPath at .husky/_) or lefthook (its configuration file at the root). */
async function hookManager(root: string): Promise<HookManager | null> {
  const hooksPath = await gitConfigGet(root, "core.hooksPath");
  if ((hooksPath !== null && /(^|[\\/])\.husky([\\/]|$)/.test(hooksPath)) || existsSync(join(root, ".husky", "_"))) return "husky";
  if (["lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"].some((name) => existsSync(join(root, name)))) return "lefthook";
  return null;
}

/** Installs ctx's hooks, moving a hook that was there aside to be run first; re-installing refreshes ctx's own. */
export async function installHooks(setup: HooksSetup): Promise<void> {
  const clash = setup.hooks.find((state) => state.present === "other" && state.chained);
  if (clash) throw new CtxError("hook", `${clash.path} is not ctx's hook, and ${chainedName(clash.hook)} beside it is taken`, `move one of them away, then run \`ctx hook install\` again`);
  for (const state of setup.hooks) {
    if (state.present === "other") await rename(state.path, join(setup.dir, chainedName(state.hook)));
    await writeFileAtomic(state.path, hookScript(state.hook), { mode: 0o755 });
  }
}

/** Removes ctx's hooks and puts back what they replaced; a hook ctx did not write is left alone. */
export async function uninstallHooks(setup: HooksSetup): Promise<void> {
  for (const state of setup.hooks) {
    if (state.present !== "ctx") continue;
    await rm(state.path, { force: true });
    if (state.chained) await rename(join(setup.dir, chainedName(state.hook)), state.path);
  }
}
