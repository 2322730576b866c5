import type { BuildFile } from "../language-project.js";
import { joinPath } from "./join-path.js";

/** What one composer.json says about its package: its name and where its autoloader finds classes. */
export interface Composer {
  /** The folder holding composer.json, repo-relative ("" at the root). */
  dir: string;
  name?: string;
  /** PSR-4 and PSR-0 rules of `autoload` and `autoload-dev`: a namespace prefix (`App\`) and repo-relative folders. */
  psr4: [prefix: string, dirs: string[]][];
  psr0: [prefix: string, dirs: string[]][];
  /** `autoload.files`, repo-relative: the files of functions and constants loaded on every request. */
  files: string[];
  /** `classmap` folders and files, repo-relative. */
  classmap: string[];
}

/**
 * composer.json read as composer reads it, every path relative to the file's own folder; undefined
 * when it is not a JSON object (a malformed build file is one package fewer, never an error). Fields of
 * the wrong shape are left out.
 */
export function parseComposer(file: BuildFile): Composer | undefined {
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch {
    return undefined;
  }
  if (!isObject(json)) return undefined;
  const dir = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : "";
  const composer: Composer = { dir, psr4: [], psr0: [], files: [], classmap: [] };
  if (typeof json.name === "string" && json.name.trim() !== "") composer.name = json.name.trim();
  for (const section of [json.autoload, json["autoload-dev"]]) {
    if (!isObject(section)) continue;
    composer.psr4.push(...rules(section["psr-4"], dir));
    composer.psr0.push(...rules(section["psr-0"], dir));
    composer.files.push(...strings(section.files).map((path) => joinPath(dir, path)));
    composer.classmap.push(...strings(section.classmap).map((path) => joinPath(dir, path)));
  }
  return composer;
}

function rules(value: unknown, dir: string): [string, string[]][] {
  if (!isObject(value)) return [];
  return Object.entries(value).map(([prefix, dirs]) => [prefix.replace(/^\\+/, ""), strings(dirs).map((path) => joinPath(dir, path))]);
}

/** A string or an array of strings (composer accepts both); anything else is none. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
