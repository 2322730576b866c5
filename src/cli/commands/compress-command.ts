import { join } from "node:path";
import { cleanLines } from "../../core/compress/clean-output.js";
import { isSmall } from "../../core/compress/compress-generic.js";
import type { Kind } from "../../core/compress/compress-kinds.js";
import { compressOutput } from "../../core/compress/compress-output.js";
import type { Compressed } from "../../core/compress/compressed-output.js";
import { estimateTokens } from "../../core/brief/estimate-tokens.js";
import { UsageError } from "../../errors.js";
import { logRoot, readRawLog, saveRawLog } from "../../io/raw-logs.js";
import { runCommand } from "../../io/run-command.js";
import { shellQuote } from "../../core/traverse/traverse-result.js";

export interface CompressOptions {
  cwd: string;
  /** The command and its arguments; empty to read standard input. */
  command: readonly string[];
  shell: boolean;
  budget: number;
  /** The output's family, when it cannot be told from the output itself. */
  kind?: Kind;
  /** Standard input, read whole; null when it is a terminal (or there is none): nothing was piped in. */
  readStdin: () => Promise<string | null>;
  now: Date;
}

export interface CompressResult {
  /** The command as a shell would show it; null for standard input. */
  command: string | null;
  /** The child's exit code; null for standard input. */
  exitCode: number | null;
  /** The output as captured, printed unchanged when nothing was worth cutting. */
  raw: string;
  /** What the parser made of the output; null for small output, which is not looked at. */
  compressed: Compressed | null;
  /** The output is printed unchanged: it was small, or nothing could be cut, or cutting would not make it smaller. */
  passthrough: boolean;
  /** Where the raw output was kept (only when something was cut). */
  log: { id: string; path: string } | null;
  tokens: { raw: number; out: number };
  /** Lines of the cleaned output. */
  lineCount: number;
}

/** Runs the command (or reads standard input) and compresses what it printed; keeps the raw output when anything is cut. */
export async function runCompress(options: CompressOptions): Promise<CompressResult> {
  // Where the raw output would be kept is checked first (a linked .ai/logs is refused): a refusal
  // after the command ran would lose its output.
  const where = logRoot(options.cwd);
  let raw: string;
  let exitCode: number | null = null;
  let command: string | null = null;
  if (options.command.length === 0) {
    const input = await options.readStdin();
    if (input === null) throw new UsageError("nothing to compress: no command after `--`, and standard input is a terminal", "run `ctx compress -- npm test`, or pipe: `npm test 2>&1 | ctx compress`");
    raw = input;
  } else {
    const [program, ...args] = options.command as [string, ...string[]];
    command = options.command.map(shellQuote).join(" ");
    const run = await runCommand(program, args, { cwd: options.cwd, shell: options.shell });
    if (run.startError) throw new UsageError(`cannot run ${command}: ${run.startError.split("\n")[0]}`, "check the command name and PATH (or pass --shell for shell syntax)");
    raw = run.output;
    exitCode = run.exitCode;
  }
  const lines = cleanLines(raw);
  const rawTokens = estimateTokens(raw);
  const unchanged = { command, exitCode, raw, compressed: null, passthrough: true, log: null, tokens: { raw: rawTokens, out: rawTokens }, lineCount: lines.length };
  if (isSmall(raw, lines)) return unchanged;
  const compressed = compressOutput(lines, exitCode, options.budget, options.kind);
  const text = compressed.lines.map((line) => line.text).join("\n");
  // Never larger than the raw output: then the raw output is the better answer.
  if (compressed.omitted.length === 0 || Buffer.byteLength(text) >= Buffer.byteLength(raw)) return { ...unchanged, compressed };
  const saved = await saveRawLog(where.root, raw, options.now);
  // Outside a repository the log is in the temp directory: shown with its absolute path.
  const log = where.inRepository ? saved : { ...saved, path: join(where.root, saved.path) };
  return { command, exitCode, raw, compressed, passthrough: false, log, tokens: { raw: rawTokens, out: estimateTokens(text) }, lineCount: lines.length };
}

/** `ctx compress --raw <id>`: a kept raw output, whole. */
export function readRaw(cwd: string, id: string): string {
  const text = readRawLog(logRoot(cwd).root, id);
  if (text === null) throw new UsageError(`no raw log ${id} under .ai/logs/`, "the id is in the first line of the compressed output; old logs are removed (50 kept)");
  return text;
}
