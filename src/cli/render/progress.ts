import type { Terminal } from "../program.js";

const MIN_INTERVAL_MS = 100;
const WIDTH = 30;

/** A one-line progress bar on a TTY's stderr; a no-op elsewhere so pipes and CI logs stay clean. */
export function createProgress(terminal: Terminal, enabled: boolean): { update: (phase: string, done: number, total: number) => void; done: () => void } {
  let last = 0;
  let shown = false;
  return {
    update(phase, done, total) {
      if (!enabled || total < 200) return;
      const now = Date.now();
      if (now - last < MIN_INTERVAL_MS && done < total) return;
      last = now;
      const filled = Math.round((done / total) * WIDTH);
      terminal.stderr(`\r${phase} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${done}/${total}`);
      shown = true;
    },
    done() {
      if (shown) terminal.stderr("\r\x1b[2K");
    },
  };
}
