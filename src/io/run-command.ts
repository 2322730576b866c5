import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";

export interface CommandRun {
  /** stdout and stderr as they were written, interleaved. */
  output: string;
  /** The child's exit code; 128 + the signal's number when a signal ended it; 127 when it could not be started (see startError). */
  exitCode: number;
  /** Why it could not be started, when it could not. */
  startError: string | null;
}

/**
 * Runs a command without a shell (unless `shell`), its stdout and stderr both given one private
 * temporary file opened for appending, as `>file 2>&1` would: the order of lines across the two
 * streams is the order the child wrote them, and nothing it wrote can be lost.
 * NOTE: not pipes (execa's capture, or its `{file}` targets, which it feeds through pipes). Node
 * gives a child socket pairs, and a child that calls `process.exit()` with writes still queued on
 * them loses those writes: measured here, 1 run in ~8 of a 340-line script lost its last 60
 * lines, with execa and with node:child_process alike. The child writes to the file itself.
 */
export async function runCommand(command: string, args: readonly string[], options: { cwd: string; shell: boolean }): Promise<CommandRun> {
  const directory = mkdtempSync(join(tmpdir(), "ctx-run-"));
  const file = join(directory, "output");
  const descriptor = openSync(file, "a", 0o600);
  try {
    const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error: Error | null }>((resolve) => {
      const child = spawn(command, [...args], { cwd: options.cwd, shell: options.shell, stdio: ["inherit", descriptor, descriptor] });
      child.once("error", (error) => resolve({ code: null, signal: null, error }));
      child.once("close", (code, signal) => resolve({ code, signal, error: null }));
    });
    const output = readFileSync(file, "utf8");
    if (ended.error) return { output, exitCode: 127, startError: ended.error.message };
    if (ended.signal) return { output, exitCode: 128 + ((constants.signals as Record<string, number>)[ended.signal] ?? 0), startError: null };
    return { output, exitCode: ended.code ?? 0, startError: null };
  } finally {
    closeSync(descriptor);
    rmSync(directory, { recursive: true, force: true });
  }
}

/** All of standard input, when it is not a terminal. */
export async function readStandardInput(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
