import { DEFAULT_CONFIG, type IndexConfig } from "../core/index/index-config.js";
import { FormatError } from "../errors.js";
import { INDEX_CONFIG_FILE } from "./index-file-names.js";
import { lineOfKey, loadYaml } from "./load-yaml.js";


export function parseIndexConfig(text: string, file = INDEX_CONFIG_FILE): IndexConfig {
  const document = loadYaml(text, file);
  if (document === null || document === undefined) return { ...DEFAULT_CONFIG };
  if (typeof document !== "object" || Array.isArray(document)) throw new FormatError(file, 1, "expected a mapping with include, exclude, maxFileBytes, shardAbove", "see the README's configuration section");
  const raw = document as Record<string, unknown>;
  const known = new Set(["include", "exclude", "maxFileBytes", "shardAbove"]);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) throw new FormatError(file, lineOfKey(text, key), `unknown key \`${key}\`; expected include, exclude, maxFileBytes or shardAbove`, "remove or rename the key");
  }
  const patterns = (key: "include" | "exclude"): string[] => {
    const value = raw[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
      throw new FormatError(file, lineOfKey(text, key), `\`${key}\` must be a list of .gitignore-style patterns`, `e.g. ${key}: ["generated/"]`);
    }
    return value as string[];
  };
  const bytes = (key: "maxFileBytes" | "shardAbove", minimum: number): number => {
    const value = raw[key] ?? DEFAULT_CONFIG[key];
    if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
      throw new FormatError(file, lineOfKey(text, key), `\`${key}\` must be a ${minimum > 0 ? "positive" : "non-negative"} whole number of bytes`, `e.g. ${key}: ${DEFAULT_CONFIG[key]}`);
    }
    return value;
  };
  return { include: patterns("include"), exclude: patterns("exclude"), maxFileBytes: bytes("maxFileBytes", 1), shardAbove: bytes("shardAbove", 0) };
}

