import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The package's templates/ (beside src/ and dist/). */
const TEMPLATES = fileURLToPath(new URL("../../templates/", import.meta.url));

/** A template `ctx init` copies into `.ai/`, by file name. */
export function readTemplate(name: string): string {
  return readFileSync(`${TEMPLATES}${name}`, "utf8");
}
