import { DEFAULT_CONFIG, type IndexConfig } from "../core/index/index-config.js";
import { FormatError } from "../errors.js";
import { INDEX_CONFIG_FILE } from "./index-file-names.js";
import { lineOfKey, loadYaml } from "./load-yaml.js";


export function parseIndexConfig(text: string, file = INDEX_CONFIG_FILE): IndexConfig {
  const document = loadYaml(text, file);
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

