import type { TaskInput } from "../core/memory/task-record.js";
import { FormatError } from "../errors.js";
import { lineOfKey, loadYaml } from "./load-yaml.js";

const TEXT = ["type", "title", "problem", "solution", "root-cause", "lesson", "error"] as const;
const LISTS = ["keywords", "failed-approaches", "files"] as const;
const KEYS = [...TEXT, ...LISTS, "incident"];

const camel = (key: string): string => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A `--from` file: YAML with the flags' names as keys (`type`, `keywords`, `root-cause`,
 * `failed-approaches`, …) and `incident: {error, cause, fix}`.
 */
export function parseTaskInput(text: string, file: string): TaskInput {
  const document = loadYaml(text, file);
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new FormatError(file, 1, `expected a mapping with ${KEYS.join(", ")}`, "see `ctx complete-task --help` for an example");
  }
  const raw = document as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const line = lineOfKey(text, key);
    if (!KEYS.includes(key)) throw new FormatError(file, line, `unknown key \`${key}\`; expected one of ${KEYS.join(", ")}`, "remove or rename the key");
    if (value === null || value === undefined) continue;
    if ((TEXT as readonly string[]).includes(key)) {
      if (typeof value !== "string" && typeof value !== "number") throw new FormatError(file, line, `\`${key}\` must be text`, `e.g. ${key}: "…"`);
      input[camel(key)] = String(value);
    } else if ((LISTS as readonly string[]).includes(key)) {
      const list = typeof value === "string" ? value.split(",") : value;
      if (!Array.isArray(list) || list.some((item) => typeof item !== "string")) throw new FormatError(file, line, `\`${key}\` must be a list of text`, `e.g. ${key}: [a, b]`);
      input[camel(key)] = list;
    } else {
      if (value === true) input.incident = true;
      else if (typeof value !== "object" || Array.isArray(value) || Object.entries(value).some(([k, v]) => !["error", "cause", "fix"].includes(k) || typeof v !== "string")) {
        throw new FormatError(file, line, "`incident` must be true or a mapping of error, cause and fix (text)", 'e.g. incident: {error: "…", cause: "…", fix: "…"}');
      } else input.incident = value;
    }
  }
  return input as TaskInput;
}
