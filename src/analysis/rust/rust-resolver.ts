import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";
import { readCargoManifest } from "./read-cargo-manifest.js";

interface Crate {
  dir: string;
  /** The library's root (src/lib.rs or `[lib] path`) when indexed. */
  lib?: RepoPath;
  /** The binary's root, src/main.rs, when indexed. */
  main?: RepoPath;
  /** Roots the manifest's `[[bin]]`, `[[test]]`, `[[bench]]` and `[[example]]` tables name. */
  targets: RepoPath[];
}

/** Targets Cargo finds by folder, each file directly in them a crate root of its own. */
const TARGET_ROOT = /^(?:src\/bin|tests|benches|examples)\/[^/]+\.rs$/;
const TARGET_FOLDER = /^((?:src\/bin|tests|benches|examples)\/[^/]+)\//;

/**
 * Where a `use` path leads, walking module files as rustc does: from the crate root for `crate::`
 * (the importer's crate is its nearest Cargo.toml with a `[package]`), from the importer's module for
 * `self::`, `super::` and a child module named first; from a workspace crate's root for its crate
 * name (dashes as underscores). Each segment that names `a.rs` or `a/mod.rs` goes one module
 * deeper; the deepest module file is the answer (`crate::a::Item` is src/a.rs). std and crates.io
 * crates are outside the repository: null.
 */
export function rustResolver(paths: readonly RepoPath[], buildFiles: readonly BuildFile[]): (from: RepoPath, specifier: string) => RepoPath | null {
  const files = new Set(paths);
  const crates = new Map<string, Crate>();
  const named = new Map<string, Crate>();
  for (const file of buildFiles) {
    const dir = folderOf(file.path);
    const manifest = readCargoManifest(file.text);
    if (!manifest.name) continue;
    const lib = join(dir, manifest.libPath ?? "src/lib.rs");
    const main = join(dir, "src/main.rs");
    const targets = manifest.targets.map((target) => join(dir, target)).filter((target) => files.has(target));
    const crate: Crate = { dir, ...(files.has(lib) ? { lib } : {}), ...(files.has(main) ? { main } : {}), targets };
    crates.set(dir, crate);
    const name = (manifest.libName ?? manifest.name).replace(/-/g, "_");
    if (!named.has(name)) named.set(name, crate);
  }

  const moduleFile = (dir: string, name: string): RepoPath | undefined => {
    const file = join(dir, `${name}.rs`);
    if (files.has(file)) return file;
    const folder = join(dir, `${name}/mod.rs`);
    return files.has(folder) ? folder : undefined;
  };

  /** The crate a file belongs to: its nearest manifest, else the folder above its `src/`. */
  const crateOf = (path: RepoPath): Crate => {
    for (let dir = folderOf(path); ; dir = folderOf(dir)) {
      const crate = crates.get(dir);
      if (crate) return crate;
      if (dir === "") break;
    }
    const at = path.startsWith("src/") ? 0 : path.lastIndexOf("/src/") + 1;
    const dir = at > 0 ? path.slice(0, at - 1) : "";
    const lib = join(dir, "src/lib.rs");
    const main = join(dir, "src/main.rs");
    return { dir, ...(files.has(lib) ? { lib } : {}), ...(files.has(main) ? { main } : {}), targets: [] };
  };

  const isRoot = (path: RepoPath, crate: Crate): boolean => {
    const name = path.slice(path.lastIndexOf("/") + 1);
    const inner = crate.dir ? path.slice(crate.dir.length + 1) : path;
    return name === "lib.rs" || name === "main.rs" || inner === "build.rs" || path === crate.lib || TARGET_ROOT.test(inner) || crate.targets.includes(path);
  };

  /**
   * The root `crate::` starts from, for a file of that crate: the root whose folder is nearest above
   * it (`src/bin/tool/main.rs` for `src/bin/tool/cli.rs`, a `[[test]]`'s `tests/main.rs` for
   * `tests/repl/alias.rs`), the library's before the binary's.
   */
  const rootOf = (path: RepoPath, crate: Crate): RepoPath | undefined => {
    if (isRoot(path, crate)) return path;
    const inner = crate.dir ? path.slice(crate.dir.length + 1) : path;
    const target = TARGET_FOLDER.exec(inner);
    const folderMain = target ? join(crate.dir, `${target[1]}/main.rs`) : undefined;
    let best: RepoPath | undefined;
    for (const root of [crate.lib, crate.main, ...crate.targets, folderMain]) {
      if (root === undefined || !files.has(root)) continue;
      const folder = folderOf(root);
      if (folder !== "" && !path.startsWith(`${folder}/`)) continue;
      if (best === undefined || folder.length > folderOf(best).length) best = root;
    }
    return best;
  };

  /** The folder a module's children live in: a root's and `mod.rs`'s own, `a/` for `a.rs`. */
  const childrenFolder = (path: RepoPath, crate: Crate): string =>
    path.endsWith("/mod.rs") || path === "mod.rs" || isRoot(path, crate) ? folderOf(path) : path.slice(0, -3);

  const walk = (folder: string, file: RepoPath | undefined, segments: readonly string[]): RepoPath | null => {
    let deepest = file;
    for (const segment of segments) {
      if (segment === "*" || segment === "self" || segment === "") break;
      const next = moduleFile(folder, segment);
      if (!next) break;
      deepest = next;
      folder = join(folder, segment);
    }
    return deepest ?? null;
  };

  return (from, specifier) => {
    if (!from.endsWith(".rs")) return null;
    const segments = specifier.split("::").map((segment) => segment.replace(/^r#/, ""));
    const first = segments[0] ?? "";
    const crate = crateOf(from);
    if (first === "crate") {
      const root = rootOf(from, crate);
      return root ? walk(folderOf(root), root, segments.slice(1)) : null;
    }
    if (first === "self") return walk(childrenFolder(from, crate), from, segments.slice(1));
    if (first === "super") {
      const root = rootOf(from, crate);
      let file = from;
      let folder = childrenFolder(from, crate);
      let at = 0;
      for (; segments[at] === "super"; at++) {
        if (isRoot(file, crate)) return null;
        folder = folderOf(folder);
        const parent = root !== undefined && folderOf(root) === folder ? root : files.has(`${folder}.rs`) ? `${folder}.rs` : files.has(join(folder, "mod.rs")) ? join(folder, "mod.rs") : undefined;
        if (!parent) return null;
        file = parent;
      }
      return walk(folder, file, segments.slice(at));
    }
    // Since Rust 2018 a path may start with a child module of the importer's, before any crate.
    const here = childrenFolder(from, crate);
    if (moduleFile(here, first)) return walk(here, from, segments);
    const other = named.get(first);
    const root = other ? (other.lib ?? other.main) : undefined;
    return root ? walk(folderOf(root), root, segments.slice(1)) : null;
  };
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

function join(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}
