import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** This checkout: the ctx-nav package whose build the tests run. */
export const CTX_PACKAGE = join(import.meta.dirname, "..", "..");

/**
 * ctx-nav installed into the project at `dir` the way npm installs a linked package: node_modules/ctx-nav
 * is this checkout, and every bin its package.json declares is linked in node_modules/.bin. So npx, the
 * bins and `node node_modules/ctx-nav/…` reach this build, with no registry and no packing.
 */
export function linkCtxNav(dir: string): void {
  const manifest = JSON.parse(readFileSync(join(CTX_PACKAGE, "package.json"), "utf8")) as { version: string; bin: Record<string, string> };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "app", version: "1.0.0", private: true, devDependencies: { "ctx-nav": manifest.version } }, null, 2)}\n`);
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  symlinkSync(CTX_PACKAGE, join(dir, "node_modules", "ctx-nav"), "dir");
  for (const [name, file] of Object.entries(manifest.bin)) symlinkSync(join("..", "ctx-nav", file), join(dir, "node_modules", ".bin", name));
}
