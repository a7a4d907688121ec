import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { isDatabaseUnavailable } from '../common/db/unavailable';
import { RoundLifecycleService } from './round-lifecycle.service';

/** Time between scheduler steps: a transition happens at most this late. */
export const TICK_MS = 500;

/**
 * Runs the round state machine in this process when SCHEDULER=on, on @nestjs/schedule's interval. Safe
 * on every instance at once: each step is a conditional database transition (see
 * RoundLifecycleService), never an in-memory flag. It starts once the server serves (`start`, called by
 * main.ts after listen): its first step is the catch-up after downtime, and on SQLite a settlement it
 * runs holds the one writer, which must not keep the start-up writes (seed, first superadmin) and so the
 * listening server waiting. Steps never overlap: a tick that finds the previous step still running is skipped.
 */
@Injectable()
export class RoundScheduler implements OnModuleDestroy {
  private readonly log = new Logger('Scheduler');
  private running: Promise<void> | null = null;
  private enabled = false;
  private failures = 0;

  constructor(
    private readonly lifecycle: RoundLifecycleService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** Starts the steps when SCHEDULER=on (again: nothing). The first step runs at once. */
  start(): void {
    if (!this.cfg.schedulerEnabled || this.enabled) return;
    this.log.log(
      `round scheduler on (every ${TICK_MS} ms; ${this.cfg.schedule.roundSeconds} s rounds, betting closes ${this.cfg.schedule.betCloseSeconds} s before the draw)`,
    );
    this.enabled = true;
    this.tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.enabled = false;
    await this.running;
  }

  @Interval('rounds.tick', TICK_MS)
  tick(): void {
    if (!this.enabled || this.running !== null) return;
    this.running = this.step().finally(() => (this.running = null));
  }

  private async step(): Promise<void> {
    try {
      await this.lifecycle.tick();
      if (this.failures > 0) this.log.log(`scheduler recovered after ${this.failures} failed step(s)`);
      this.failures = 0;
    } catch (e) {
      this.failures++;
      // A database that went away during shutdown is not worth a stack trace per step.
      if (this.failures <= 3 || this.failures % 60 === 0) {
        // The database restarting is an outage to wait out (the next step retries), not a bug: one warning line.
        if (isDatabaseUnavailable(e)) this.log.warn(`scheduler step waits for the database: ${e instanceof Error ? e.message : String(e)}`);
        else this.log.error(`scheduler step failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
    }
  }
}
