import { quotePath } from "../../formats/quoted-path.js";
import { createColors } from "picocolors";
import type { IndexSummary } from "../commands/index-command.js";

const LISTED = 20;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The summary of `ctx index`; `colors` comes from the terminal (NO_COLOR, FORCE_COLOR, a TTY), decided in main. */
export function renderIndexText(summary: IndexSummary, colors = false): string {
  const pc = createColors(colors);
  const lines: string[] = [];
  if (summary.check) {
    if (summary.check.upToDate) {
      lines.push(pc.green(`index up to date: ${plural(summary.files, "file")}, ${plural(summary.symbols, "symbol")}`));
    } else {
      lines.push(pc.red(`index out of date: ${plural(summary.check.outdated.length, "file")} changed since it was built`));
      for (const file of summary.check.outdated.slice(0, LISTED)) lines.push(`  ${file.change} ${quotePath(file.path)}`);
      if (summary.check.outdated.length > LISTED) lines.push(`  +${summary.check.outdated.length - LISTED} more`);
      if (summary.check.indexFiles.length > 0) lines.push(`  differs: ${summary.check.indexFiles.join(", ")}`);
      lines.push(`run \`${summary.check.refresh}\` and commit the .ai/ changes`);
    }
  } else {
    lines.push(
      `indexed ${plural(summary.files, "file")} (${summary.parsed} parsed, ${summary.reused} unchanged, ${summary.dropped} dropped) ` +
        `in ${summary.durationMs} ms: ${plural(summary.symbols, "symbol")}, ${plural(summary.endpoints, "endpoint")}, ${plural(summary.modules, "module")}`,
    );
    lines.push(
      `calls: ${summary.calls.resolved} resolved, ${summary.calls.unresolved} unresolved, ${summary.calls.external} outside the repository`,
    );
    const dynamic = summary.dynamicRoutes;
    if (dynamic.count > 0) lines.push(`routes: ${dynamic.count} with a part only known at run time, kept as {expression}: ${dynamic.first}${dynamic.count > 1 ? ", …" : ""}`);
    lines.push(summary.written.length > 0 ? `wrote ${summary.written.join(", ")}` : "nothing changed; no file rewritten");
  }
  if (summary.skipped.length > 0) {
    lines.push(pc.yellow(`skipped ${plural(summary.skipped.length, "file")}:`));
    for (const skipped of summary.skipped.slice(0, LISTED)) lines.push(`  ${quotePath(skipped.path)}: ${skipped.reason}`);
    if (summary.skipped.length > LISTED) lines.push(`  +${summary.skipped.length - LISTED} more (see .ai/file_index.md)`);
  }
  const leftOut = summary.leftOutByDefault;
  if (leftOut.length > 0) {
    const listed = leftOut.slice(0, LISTED).map((entry) => `${quotePath(entry.pattern)} (${plural(entry.files, "source file")})`);
    if (leftOut.length > LISTED) listed.push(`+${leftOut.length - LISTED} more (ctx index --json lists them)`);
    // A folder is the likelier one to bring back (build/ holding sources) than a minified bundle.
    const example = leftOut.find((entry) => entry.pattern.endsWith("/")) ?? leftOut[0]!;
    lines.push(`left out by default (generated, vendored or minified): ${listed.join(", ")} — to index one, negate it in .ai/index-config.yaml, e.g. ${example.setting}`);
  }
  if (summary.partial.length > 0) {
    lines.push(pc.yellow(`parsed partially (syntax errors; what parsed is indexed):`));
    for (const file of summary.partial.slice(0, LISTED)) lines.push(`  ${quotePath(file.path)}: ${plural(file.syntaxErrors, "syntax error")}`);
    if (summary.partial.length > LISTED) lines.push(`  +${summary.partial.length - LISTED} more`);
  }
  return `${lines.join("\n")}\n`;
}
