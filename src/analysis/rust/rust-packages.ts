import type { WorkspacePackage } from "../../core/index/build-modules.js";
import type { BuildFile } from "../language-project.js";
import type { RepoPath } from "../../model.js";
import { readCargoManifest } from "./read-cargo-manifest.js";

/**
 * The crates of a Cargo workspace as modules: each Cargo.toml with a `[package]` in a subfolder,
 * named by its package name, its entries the library's and the binary's roots. A crate at the
 * repository's root is no module of its own (its files are grouped by folder, as a single project's
 * are); a manifest without a readable name is skipped.
 */
export function rustPackages(buildFiles: readonly BuildFile[], paths: readonly RepoPath[]): WorkspacePackage[] {
  const indexed = new Set(paths);
  const packages: WorkspacePackage[] = [];
  for (const file of buildFiles) {
    const slash = file.path.lastIndexOf("/");
    if (slash < 0) continue;
    const dir = file.path.slice(0, slash);
    const manifest = readCargoManifest(file.text);
    if (!manifest.name) continue;
    const roots = [`${dir}/${manifest.libPath ?? "src/lib.rs"}`, `${dir}/src/main.rs`];
    packages.push({ name: manifest.name, dir, entryHints: roots.filter((root) => indexed.has(root)) });
  }
  return packages.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}
