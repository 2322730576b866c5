import { CommanderError } from "./commander.js";
import { CtxError } from "../errors.js";
import { createProgram, EXIT, type CliResult, type Terminal } from "./program.js";

/** Runs the CLI on argv (without node and script) and returns the exit code; never calls process.exit. */
export async function runCli(argv: readonly string[], terminal: Terminal): Promise<number> {
  // Until commander has parsed the command's own options, `--json` anywhere before `--` counts.
  const result: CliResult = { code: EXIT.ok, json: argv.slice(0, argv.includes("--") ? argv.indexOf("--") : argv.length).includes("--json") };
  const program = createProgram(terminal, result);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return result.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version are not errors.
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0) return EXIT.ok;
      if (result.json) printError(terminal, { code: "usage", message: error.message.replace(/^error: /, ""), hint: "see `ctx --help`" }, true);
      return EXIT.error;
    }
    if (error instanceof CtxError) {
      printError(terminal, { code: error.code, message: error.message, hint: error.hint ?? null }, result.json);
      return EXIT.error;
    }
    const message = error instanceof Error ? error.message : String(error);
    printError(terminal, { code: "internal", message: `internal error: ${message}`, hint: "re-run with CTX_DEBUG=1 for the stack, and report it" }, result.json);
    if (process.env.CTX_DEBUG) terminal.stderr(`${(error as Error).stack ?? ""}\n`);
    return EXIT.error;
  }
}

/**
 * An error as one line on stderr (what failed and where, then what to do next), or under `--json`
 * as one object on stdout, where a script reading the command's JSON looks for it.
 */
function printError(terminal: Terminal, error: { code: string; message: string; hint: string | null }, json: boolean): void {
  if (json) terminal.stdout(`${JSON.stringify({ error })}\n`);
  else terminal.stderr(`ctx: ${error.message}${error.hint ? ` — ${error.hint}` : ""}\n`);
}

export async function main(): Promise<void> {
  // A reader that stops early (`ctx … | head`) closes the pipe: the rest of the output has nowhere
  // to go, and the command finishes quietly, as rg does, instead of dying with a stack trace.
  const open = { stdout: true, stderr: true };
  for (const name of ["stdout", "stderr"] as const) {
    process[name].on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      open[name] = false;
    });
  }
  const code = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => void (open.stdout && process.stdout.write(text)),
    stderr: (text) => void (open.stderr && process.stderr.write(text)),
    isTTY: process.stderr.isTTY === true,
    colors: !("NO_COLOR" in process.env) && ("FORCE_COLOR" in process.env || process.stdout.isTTY === true),
    readStdin: async () => {
      // A terminal is a person at a prompt, not piped output: reading it would wait for them.
      if (process.stdin.isTTY) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
  });
  process.exitCode = code;
}
