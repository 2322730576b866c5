import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { ctx, git, tempDir } from "./fixture.js";

export const HUB_FILES = 40;
export const HUB_CALLS_PER_FILE = 80;
export const HUB_SITES = HUB_FILES * HUB_CALLS_PER_FILE;

/** An indexed repository whose `hub()` is called 3,200 times from 40 files: far past any page, and past a deep walk's bound. */
export async function hubRepository(): Promise<string> {
  const dir = tempDir();
  git(dir, "init", "-q");
  mkdirSync(join(dir, "src/callers"), { recursive: true });
  writeFileSync(join(dir, "src/hub.ts"), "export function hub(): number {\n  return 1;\n}\n");
  for (let file = 0; file < HUB_FILES; file += 1) {
    const calls = Array.from({ length: HUB_CALLS_PER_FILE }, () => "  hub();").join("\n");
    writeFileSync(join(dir, `src/callers/caller${file}.ts`), `import { hub } from "../hub";\n\nexport function caller${file}(): void {\n${calls}\n}\n`);
  }
  expect((await ctx(dir, "index", "-q")).code).toBe(0);
  return dir;
}
