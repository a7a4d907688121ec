import { Injectable } from '@nestjs/common';

/** The only source of "now" in the API, so tests can move time. */
@Injectable()
export class Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  /** Test hook: shift the clock. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
