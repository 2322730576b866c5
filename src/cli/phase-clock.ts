/** Where a command's time goes: each phase's milliseconds, in the order the phases ran (a phase run twice adds up). */
export class PhaseClock {
  private readonly phases = new Map<string, number>();

  /** `startedAt`: a performance.now() value; 0 is the process's start (performance.timeOrigin). */
  constructor(private last = performance.now()) {}

  /** Ends the phase that ran since the last mark (or since the clock started). */
  mark(phase: string): void {
    const now = performance.now();
    this.phases.set(phase, (this.phases.get(phase) ?? 0) + (now - this.last));
    this.last = now;
  }

  /**
   * Ends a phase another clock broke down (a command run inside this one): its phases are added as
   * they are, and what it did not account for of the time since the last mark goes to `rest`.
   */
  markBrokenDown(phases: readonly { phase: string; ms: number }[], rest: string): void {
    const now = performance.now();
    const accounted = phases.reduce((sum, { ms }) => sum + ms, 0);
    for (const { phase, ms } of phases) this.phases.set(phase, (this.phases.get(phase) ?? 0) + ms);
    this.phases.set(rest, (this.phases.get(rest) ?? 0) + Math.max(0, now - this.last - accounted));
    this.last = now;
  }

  toJSON(): { phase: string; ms: number }[] {
    return [...this.phases].map(([phase, ms]) => ({ phase, ms: Math.round(ms) }));
  }
}
