import * as yaml from "js-yaml";
import { FormatError } from "../errors.js";

/** Parses YAML; a syntax error becomes a FormatError at its line, with `hint` saying what to do. */
export function loadYaml(text: string, file: string, hint = "fix the YAML"): unknown {
  try {
    return yaml.load(text);
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    throw new FormatError(file, (mark?.line ?? 0) + 1, `invalid YAML: ${(error as { reason?: string }).reason ?? String(error)}`, hint);
  }
}

/** The 1-based line of a mapping key (indented or not), or 1 when it cannot be found. */
export function lineOfKey(text: string, key: string): number {
  const index = text.split("\n").findIndex((line) => new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`).test(line));
  return index >= 0 ? index + 1 : 1;
}
