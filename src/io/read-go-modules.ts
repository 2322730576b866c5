import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseGoModulePath, type GoModule } from "../formats/go-mod.js";
import type { RepoPath } from "../model.js";

/** Every go.mod among the listed files, with the module path it declares; one that cannot be read or declares none is left out. */
export async function readGoModules(root: string, listed: readonly RepoPath[]): Promise<GoModule[]> {
  const found = await Promise.all(
    listed
      .filter((path) => path === "go.mod" || path.endsWith("/go.mod"))
      .map(async (file) => {
        const text = await readFile(join(root, file), "utf8").catch(() => undefined);
        const path = text === undefined ? undefined : parseGoModulePath(text);
        return path === undefined ? undefined : { dir: file.slice(0, Math.max(0, file.lastIndexOf("/"))), path };
      }),
  );
  return found.filter((module): module is GoModule => module !== undefined);
}
