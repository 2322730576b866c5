import * as yaml from "js-yaml";
import { DEFAULT_CONFIG, type IndexConfig } from "../core/index/index-config.js";
import { FormatError } from "../errors.js";
import { INDEX_CONFIG_FILE } from "./index-file-names.js";


export function parseIndexConfig(text: string, file = INDEX_CONFIG_FILE): IndexConfig {
  let document: unknown;
  try {
    document = yaml.load(text);
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    throw new FormatError(file, (mark?.line ?? 0) + 1, `invalid YAML: ${(error as { reason?: string }).reason ?? String(error)}`, "fix the YAML");
  }
  if (document === null || document === undefined) return { ...DEFAULT_CONFIG };
  if (typeof document !== "object" || Array.isArray(document)) throw new FormatError(file, 1, "expected a mapping with include, exclude, maxFileBytes", "see the README's configuration section");
  const raw = document as Record<string, unknown>;
  const known = new Set(["include", "exclude", "maxFileBytes"]);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) throw new FormatError(file, lineOfKey(text, key), `unknown key \`${key}\`; expected include, exclude or maxFileBytes`, "remove or rename the key");
  }
  const patterns = (key: "include" | "exclude"): string[] => {
    const value = raw[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
      throw new FormatError(file, lineOfKey(text, key), `\`${key}\` must be a list of .gitignore-style patterns`, `e.g. ${key}: ["generated/"]`);
    }
    return value as string[];
  };
  const maxFileBytes = raw.maxFileBytes ?? DEFAULT_CONFIG.maxFileBytes;
  if (typeof maxFileBytes !== "number" || !Number.isInteger(maxFileBytes) || maxFileBytes <= 0) {
    throw new FormatError(file, lineOfKey(text, "maxFileBytes"), "`maxFileBytes` must be a positive whole number", "e.g. maxFileBytes: 1048576");
  }
  return { include: patterns("include"), exclude: patterns("exclude"), maxFileBytes };
}

function lineOfKey(text: string, key: string): number {
  const index = text.split("\n").findIndex((line) => line.startsWith(`${key}:`));
  return index >= 0 ? index + 1 : 1;
}
