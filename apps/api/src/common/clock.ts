import { Injectable } from '@nestjs/common';

/** The only source of "now" in the API, so tests can move time. */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }

  /** Test hook: shift the clock. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /**
   * Test hook: stop the clock at `at` (default: now); it then moves only by `advance`. Answers that contain a time
   * (a wait in seconds, a timestamp) compare exactly, however slow the machine is between two requests.
   */
  freeze(at: number = this.now()): void {
    this.frozenAt = at;
    this.offsetMs = 0;
  }

  /** Test hook: the clock runs again from where it stands. */
  thaw(): void {
    if (this.frozenAt === null) return;
    this.offsetMs = this.now() - Date.now();
    this.frozenAt = null;
  }
}
