import { readFileSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** ctx's own version, from its package.json. */
export function ctxVersion(): string {
  const url = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as { version: string }).version;
}

/**
 * Identifies the extractor that produced cached records: ctx's version plus the build times of the
 * analysis code, so a rebuilt extractor never reuses records parsed by an older one.
 */
export function extractorVersion(): string {
  const directory = fileURLToPath(new URL("../analysis/", import.meta.url));
  // Recursive: a language's extractor (analysis/python/, analysis/go/) is rewritten in place, which leaves its folder's time as it was.
  const stamps = readdirSync(directory, { recursive: true, encoding: "utf8" })
    .sort()
    .map((file) => `${file}@${Math.trunc(statSync(`${directory}/${file}`).mtimeMs)}`);
  return `${ctxVersion()}:${stamps.join(",")}`;
}
