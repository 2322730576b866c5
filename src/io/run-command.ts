import { constants } from "node:os";

export interface CommandRun {
  /** stdout and stderr as they arrived, interleaved. */
  output: string;
  /** The child's exit code; 128 + the signal's number when a signal ended it; 127 when it could not be started (see startError). */
  exitCode: number;
  /** Why it could not be started, when it could not. */
  startError: string | null;
}

/** Runs a command without a shell (unless `shell`), capturing stdout and stderr in the order they came. */
export async function runCommand(command: string, args: readonly string[], options: { cwd: string; shell: boolean }): Promise<CommandRun> {
  // NOTE: imported here, not at the top: execa costs ~200 ms to load, which no other command should pay.
  const { execa } = await import("execa");
  const result = await execa(command, [...args], { cwd: options.cwd, shell: options.shell, all: true, reject: false, stdin: "inherit", stripFinalNewline: false, buffer: { all: true } });
  const output = typeof result.all === "string" ? result.all : "";
  if (result.failed && result.exitCode === undefined && result.signal === undefined) {
    return { output, exitCode: 127, startError: result.shortMessage ?? `could not start ${command}` };
  }
  if (result.signal) {
    const number = (constants.signals as Record<string, number>)[result.signal] ?? 0;
    return { output, exitCode: 128 + number, startError: null };
  }
  return { output, exitCode: result.exitCode ?? 0, startError: null };
}

/** All of standard input, when it is not a terminal. */
export async function readStandardInput(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
