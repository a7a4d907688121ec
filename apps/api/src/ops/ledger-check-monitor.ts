import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { InvariantChecker } from '../audit/invariant-checker.service';

export interface LedgerCheckResult {
  /** when it finished, epoch ms */
  at: number;
  violations: number;
  ms: number;
}

/**
 * The ledger check (every invariant of reliability.md, as `npm run ledger:check` runs it) inside the app,
 * every LEDGER_CHECK_MINUTES (off by default: it reads every bet and posting). Its last result is what the
 * `sum28_ledger_check_*` metrics show; with the check off they say unknown (-1), as the app then cannot
 * know what an external `npm run ledger:check` found.
 */
@Injectable()
export class LedgerCheckMonitor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('LedgerCheck');
  last: LedgerCheckResult | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly checker: InvariantChecker,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.cfg.ledgerCheckMinutes * 60_000;
    if (every <= 0) return;
    // The first run a minute after start (or sooner when the interval is shorter), then every interval.
    this.timer = setTimeout(
      () => {
        void this.run();
        this.timer = setInterval(() => void this.run(), every);
        this.timer.unref();
      },
      Math.min(every, 60_000),
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs the check once (skipped while one is running); answers its result, or null when skipped or failed. */
  async run(): Promise<LedgerCheckResult | null> {
    if (this.running) return null;
    this.running = true;
    const started = Date.now();
    try {
      const report = await this.checker.run();
      this.last = { at: Date.now(), violations: report.violations, ms: Date.now() - started };
      if (report.violations > 0) {
        const failing = report.checks.filter((c) => c.violations > 0).map((c) => `${c.id} (${c.violations})`);
        this.log.error(`ledger check: ${report.violations} violation(s): ${failing.join(', ')}`);
      }
      return this.last;
    } catch (e) {
      this.log.warn(`ledger check could not run: ${String(e)}`);
      return null;
    } finally {
      this.running = false;
    }
  }
}
