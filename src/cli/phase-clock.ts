/** One phase of a command: its milliseconds, and the process's resident memory when it ended (MiB, worker threads included). */
export interface Phase {
  phase: string;
  ms: number;
  rssMiB: number;
}

/** Where a command's time goes: each phase's milliseconds, in the order the phases ran (a phase run twice adds up). */
export class PhaseClock {
  private readonly phases = new Map<string, { ms: number; rss: number }>();

  /** `startedAt`: a performance.now() value; 0 is the process's start (performance.timeOrigin). */
  constructor(private last = performance.now()) {}

  /** Ends the phase that ran since the last mark (or since the clock started). */
  mark(phase: string): void {
    const now = performance.now();
    this.add(phase, now - this.last, process.memoryUsage.rss());
    this.last = now;
  }

  /**
   * Ends a phase another clock broke down (a command run inside this one): its phases are added as
   * they are, and what it did not account for of the time since the last mark goes to `rest`.
   */
  markBrokenDown(phases: readonly Phase[], rest: string): void {
    const now = performance.now();
    const accounted = phases.reduce((sum, { ms }) => sum + ms, 0);
    for (const { phase, ms, rssMiB } of phases) this.add(phase, ms, rssMiB * 2 ** 20);
    this.add(rest, Math.max(0, now - this.last - accounted), process.memoryUsage.rss());
    this.last = now;
  }

  toJSON(): Phase[] {
    return [...this.phases].map(([phase, { ms, rss }]) => ({ phase, ms: Math.round(ms), rssMiB: Math.round(rss / 2 ** 20) }));
  }

  private add(phase: string, ms: number, rss: number): void {
    const before = this.phases.get(phase);
    this.phases.set(phase, { ms: (before?.ms ?? 0) + ms, rss: Math.max(before?.rss ?? 0, rss) });
  }
}
