import { CommanderError } from "./commander.js";
import { CtxError } from "../errors.js";
import { createProgram, EXIT, type Terminal } from "./program.js";

/** Runs the CLI on argv (without node and script) and returns the exit code; never calls process.exit. */
export async function runCli(argv: readonly string[], terminal: Terminal): Promise<number> {
  const result = { code: EXIT.ok as number };
  const program = createProgram(terminal, result);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return result.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version are not errors.
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0) return EXIT.ok;
      return EXIT.error;
    }
    if (error instanceof CtxError) {
      // One line: what failed and where, then what to do next.
      terminal.stderr(`ctx: ${error.message}${error.hint ? ` — ${error.hint}` : ""}\n`);
      return EXIT.error;
    }
    const message = error instanceof Error ? error.message : String(error);
    terminal.stderr(`ctx: internal error: ${message} — re-run with CTX_DEBUG=1 for the stack, and report it\n`);
    if (process.env.CTX_DEBUG) terminal.stderr(`${(error as Error).stack ?? ""}\n`);
    return EXIT.error;
  }
}

export async function main(): Promise<void> {
  const code = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTTY: process.stderr.isTTY === true,
    colors: !("NO_COLOR" in process.env) && ("FORCE_COLOR" in process.env || process.stdout.isTTY === true),
    readStdin: async () => {
      if (process.stdin.isTTY) return "";
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
  });
  process.exitCode = code;
}
