// BENCHMARKS.md holds one section per script (bench, eval) between markers; each script rewrites
// only its own, so running one does not erase the other's figures.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const TITLE = "# Benchmarks\n\nMeasured figures only, each from a run of the committed code on this machine. Regenerate with `npm run bench` and `npm run eval`.\n";

/** @param {string} path @param {string} section @param {string} body */
export function replaceSection(path, section, body) {
  const start = `<!-- ${section}:start -->`;
  const end = `<!-- ${section}:end -->`;
  let text = existsSync(path) ? readFileSync(path, "utf8") : TITLE;
  const block = `${start}\n${body.trimEnd()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, text.endsWith("\n") ? text : `${text}\n`);
}
