/** Where a command's time goes: each phase's milliseconds, in the order the phases ran (a phase run twice adds up). */
export class PhaseClock {
  private readonly phases = new Map<string, number>();
  private last = performance.now();

  /** Ends the phase that ran since the last mark (or since the clock started). */
  mark(phase: string): void {
    const now = performance.now();
    this.phases.set(phase, (this.phases.get(phase) ?? 0) + (now - this.last));
    this.last = now;
  }

  toJSON(): { phase: string; ms: number }[] {
    return [...this.phases].map(([phase, ms]) => ({ phase, ms: Math.round(ms) }));
  }
}
