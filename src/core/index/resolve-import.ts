import type { RepoPath } from "../../model.js";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs"];
// ESM TypeScript imports name the emitted file (`./a.js`) while the source is `./a.ts`.
const EMITTED_TO_SOURCE: Record<string, string[]> = {
  ".js": [".ts", ".tsx", ".d.ts"],
  ".jsx": [".tsx", ".d.ts"],
  ".mjs": [".mts", ".d.mts"],
  ".cjs": [".cts", ".d.cts"],
};

/** Normalises `a/./b/../c` to `a/c`; returns null when the path climbs out of the repository. */
export function normalisePath(path: string): RepoPath | null {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join("/");
}

const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * `specifier` (relative) joined to `directory`: its leading `./` and `../` taken off one by one, the
 * common case, without splitting the whole path; anything else normalised in full.
 */
function joinRelative(directory: string, specifier: string): RepoPath | null {
  if (DOT_SEGMENT.test(directory) || directory.includes("//")) return normalisePath(`${directory}/${specifier}`);
  let folder = directory;
  let rest = specifier;
  for (;;) {
    if (rest.startsWith("./")) rest = rest.slice(2);
    else if (rest.startsWith("../")) {
      if (folder === "") return null;
      folder = folder.slice(0, Math.max(0, folder.lastIndexOf("/")));
      rest = rest.slice(3);
    } else break;
  }
  if (rest === "" || rest.startsWith("/") || rest.endsWith("/") || rest.includes("//") || DOT_SEGMENT.test(rest)) {
    return normalisePath(`${directory}/${specifier}`);
  }
  return folder === "" ? rest : `${folder}/${rest}`;
}

/** A relative specifier joined to its importer's folder: the path it names, before extensions and index files are tried; null when it is not relative or climbs out of the repository. */
function relativeBase(from: RepoPath, specifier: string): RepoPath | null {
  if (!specifier.startsWith("./") && !specifier.startsWith("../") && specifier !== "." && specifier !== "..") return null;
  return joinRelative(from.includes("/") ? from.slice(0, from.lastIndexOf("/")) : "", specifier);
}

/** `./a.js` names `a.ts` as well: where an emitted extension begins, else the path's length. */
function emittedStemEnd(base: RepoPath): number {
  const dot = base.lastIndexOf(".");
  return dot > base.lastIndexOf("/") && EMITTED_TO_SOURCE[base.slice(dot)] ? dot : base.length;
}

/**
 * What every path resolveRelativeImport may look at for this specifier begins with (the name it
 * looks up, less an emitted extension), or null when it looks at none: a file whose path does not
 * begin with it cannot change what the specifier reaches by coming or going.
 */
export function relativeLookupPrefix(from: RepoPath, specifier: string): string | null {
  const base = relativeBase(from, specifier);
  return base === null ? null : base.slice(0, emittedStemEnd(base));
}

/** The indexed file a relative specifier points at, the way Node and TypeScript's bundler resolution look. */
export function resolveRelativeImport(from: RepoPath, specifier: string, files: ReadonlySet<RepoPath>): RepoPath | null {
  const base = relativeBase(from, specifier);
  if (base === null) return null;
  // As the compiler does, `./a.js` means the source `./a.ts` (or its declarations) before `./a.js` itself.
  const dot = emittedStemEnd(base);
  const extension = base.slice(dot);
  for (const replacement of EMITTED_TO_SOURCE[extension] ?? []) {
    const candidate = base.slice(0, dot) + replacement;
    if (files.has(candidate)) return candidate;
  }
  if (files.has(base)) return base;
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  for (const ext of EXTENSIONS) if (files.has(`${base}/index${ext}`)) return `${base}/index${ext}`;
  return null;
}

/**
 * resolveRelativeImport over one set of files, remembering each answer: the files of a folder
 * mostly import the same few specifiers, and a repository's imports are resolved on every run.
 */
export function relativeImportResolver(files: ReadonlySet<RepoPath>): (from: RepoPath, specifier: string) => RepoPath | null {
  const known = new Map<string, RepoPath | null>();
  return (from, specifier) => {
    if (!specifier.startsWith(".")) return null;
    const key = `${from.slice(0, from.lastIndexOf("/") + 1)}\0${specifier}`;
    let resolved = known.get(key);
    if (resolved === undefined) {
      resolved = resolveRelativeImport(from, specifier, files);
      known.set(key, resolved);
    }
    return resolved;
  };
}
