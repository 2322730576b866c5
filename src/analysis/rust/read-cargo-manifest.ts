/** What ctx needs from a Cargo.toml: the package's name and its library target's name and root. */
export interface CargoManifest {
  /** `[package] name`; undefined for a virtual workspace manifest (or a malformed one). */
  name?: string;
  /** `[lib] name`, when the library's crate is named otherwise than the package. */
  libName?: string;
  /** `[lib] path`, relative to the manifest's folder, when the library's root is not src/lib.rs. */
  libPath?: string;
  /** `path` of each `[[bin]]`, `[[test]]`, `[[bench]]` and `[[example]]`: crate roots of their own. */
  targets: string[];
}

const TABLE = /^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(?:#.*)?$/;
const ARRAY_TABLE = /^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]\s*(?:#.*)?$/;
const TARGETS = new Set(["bin", "test", "bench", "example"]);
const STRING_KEY = /^\s*(name|path)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(?:#.*)?$/;

/**
 * The few keys of a Cargo.toml read line by line, TOML's tables and basic strings only: a
 * manifest this cannot read (a malformed one, a name spelt as a dotted key) yields fewer fields,
 * never an error.
 */
export function readCargoManifest(text: string): CargoManifest {
  const manifest: CargoManifest = { targets: [] };
  let table = "";
  for (const line of text.split(/\r?\n/)) {
    const header = TABLE.exec(line);
    if (header) {
      table = header[1]!;
      continue;
    }
    const array = ARRAY_TABLE.exec(line);
    if (array) {
      table = TARGETS.has(array[1]!) ? `[[target]]` : `[[${array[1]!}]]`;
      continue;
    }
    if (/^\s*\[/.test(line)) {
      // A header this cannot read: what follows belongs to no table it knows.
      table = "?";
      continue;
    }
    const pair = STRING_KEY.exec(line);
    if (!pair) continue;
    const value = pair[2] ?? pair[3] ?? "";
    if (table === "package" && pair[1] === "name" && manifest.name === undefined) manifest.name = value;
    else if (table === "lib" && pair[1] === "name" && manifest.libName === undefined) manifest.libName = value;
    else if (table === "lib" && pair[1] === "path" && manifest.libPath === undefined) manifest.libPath = value.replace(/^\.\//, "");
    else if (table === "[[target]]" && pair[1] === "path") manifest.targets.push(value.replace(/^\.\//, ""));
  }
  return manifest;
}
