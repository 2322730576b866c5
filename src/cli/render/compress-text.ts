import { PREFIX } from "../../core/compress/compressed-output.js";
import type { CompressResult } from "../commands/compress-command.js";

const VERDICTS = { passed: "passed", failed: "failed", unparsed: "output not parsed: the exit code is the verdict" } as const;

const counts = (values: Record<string, number>): string => {
  const stated = Object.entries(values).map(([name, count]) => `${name} ${count}`);
  return stated.length > 0 ? ` · ${stated.join(", ")}` : "";
};

/** The compressed output: a header with the verdict and where the raw output is, the kept lines, a footer with what was kept. */
export function renderCompressText(result: CompressResult): string {
  const { compressed } = result;
  if (!compressed || result.passthrough) return result.raw;
  const source = result.command ? `\`${result.command}\`` : "standard input";
  const exit = result.exitCode === null ? "" : ` · exit ${result.exitCode}`;
  const raw = result.log ? ` · raw: ${result.log.path} (ctx compress --raw ${result.log.id})` : "";
  const kept = compressed.lines.filter((line) => line.source !== null).length;
  const lines = [
    `${PREFIX} ${source}${exit} · ${compressed.tool}: ${VERDICTS[compressed.verdict]}${counts(compressed.counts)}${raw}`,
    ...compressed.lines.map((line) => line.text),
    `${PREFIX} ${kept} line${kept === 1 ? "" : "s"} kept of ${result.lineCount} · ~${result.tokens.out} of ~${result.tokens.raw} tokens`,
  ];
  return `${lines.join("\n")}\n`;
}

/** The stable JSON shape. */
export function compressJson(result: CompressResult): object {
  const { compressed } = result;
  return {
    tool: compressed?.tool ?? "none",
    passthrough: result.passthrough,
    command: result.command,
    exitCode: result.exitCode,
    verdict: compressed?.verdict ?? "unparsed",
    counts: compressed?.counts ?? {},
    items: compressed?.items ?? [],
    omitted: compressed?.omitted ?? [],
    raw: result.log?.path ?? null,
    tokens: result.tokens,
    output: compressed && !result.passthrough ? compressed.lines.map((line) => line.text) : result.raw.replace(/\n$/, "").split("\n"),
  };
}
