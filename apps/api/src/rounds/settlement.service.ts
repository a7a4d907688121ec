import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CapitalMark } from '@sum28/contracts';
import { TxRunner } from '@sum28/database';
import { AUDIT_STATUS, BET_STATUS, CAPITAL_TYPE, hitPlayTypes, isPlayType, ODDS_SCALE } from '@sum28/domain';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { RoundEvents } from '../common/events/round-events';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { BalanceEpochs } from '../ledger/balance-epochs';
import { LEDGER_KIND } from '../ledger/ledger-keys';
import { exec, first, int, intOrNull, one, rowOf, Sql, str } from '../common/db/sql';

export interface SettleReport {
  roundId: number;
  gameId: number;
  bets: number;
  winners: number;
  payoutMinor: number;
  ms: number;
}

export interface VoidReport {
  roundId: number;
  refunded: number;
  refundMinor: number;
}

/**
 * Capital log `mark` of the rows the game writes (the player's fund history; `remark` holds the order number). Each is
 * one of the contracts' CAPITAL_MARKS, which every screen puts in its own words (never shown raw).
 */
export const CAPITAL_MARK = { STAKE: 'stake', PAYOUT: 'payout', REFUND: 'refund' } as const satisfies Record<string, CapitalMark>;

/** The round to settle: its result (`sum`, NULL until drawn) and state. */
const SettleRoundRow = rowOf({ game_id: int, state: str, sum: intOrNull });

/** A round that exists (voidRound). */
const IdRow = rowOf({ id: int });

/** The bets a credit covers: their number, amount and players, and the largest balance it would leave. */
const CreditSumsRow = rowOf({ players: int, n: int, total: int, top: int });

/**
 * Settles a drawn round, or voids a round with refunds, with set-based SQL: one transaction per round,
 * whatever its number of bets. The round row is the lock: the first statement is the conditional
 * transition (`drawn -> settled`, or `open|closed|drawn -> void`), so of several instances (or a retry
 * after a crash) exactly one does the work; the UNIQUE `bet:<id>:payout` / `bet:<id>:refund` posting
 * keys make a second payout impossible even if that were bypassed.
 *
 * Postings follow ledger-keys.ts (bet_payout: house_game -p, user_available +p; bet_refund: house_game
 * -s, user_available +s); users.money_minor changes in the same transaction; each credit gets a capital
 * log (type 3, status 1) whose balance-after is a running sum per user.
 */
@Injectable()
export class SettlementService {
  private readonly log = new Logger('Settlement');
  private readonly sql: Sql;

  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly epochs: BalanceEpochs,
    private readonly events: RoundEvents,
  ) {
    this.sql = new Sql(tx.kind);
  }

  /** Settles every pending bet of a drawn round exactly once. Null when the round is not (or no longer) `drawn`. */
  async settleRound(roundId: number): Promise<SettleReport | null> {
    const started = Date.now();
    const out = await this.tx.write(async (m) => {
      const { q } = this.bound();
      const now = this.clock.now();
      const round = await first(SettleRoundRow, m.query(q(`SELECT id, game_id, state, sum FROM rounds WHERE id = ?`), [roundId]));
      if (round === undefined || round.state !== 'drawn' || round.sum === null) return null;
      const won = await exec(m, q(`UPDATE rounds SET state = 'settled', settled_at = ? WHERE id = ? AND state = 'drawn'`), [now, roundId]);
      if (won.affected !== 1) return null;

      const col = settledColumnsSql(round.sum);
      const settled = await exec(
        m,
        q(
          `UPDATE bets SET status = ${BET_STATUS.SETTLED},
                  whether_hit = ${col.whetherHit},
                  payout_minor = ${col.payout},
                  profit_minor = ${col.profit},
                  settled_at = ?
            WHERE round_id = ? AND status = ${BET_STATUS.PENDING}`,
        ),
        [now, roundId],
      );
      const winners = `FROM bets b WHERE b.round_id = ? AND b.status = ${BET_STATUS.SETTLED} AND b.whether_hit = 1 AND b.payout_minor > 0`;
      const credit = await this.credit(m, roundId, now, winners, 'payout_minor', LEDGER_KIND.BET_PAYOUT, 'payout', CAPITAL_MARK.PAYOUT);
      await this.faultDelay(roundId);
      return { roundId, gameId: round.game_id, bets: settled.affected ?? 0, winners: credit.count, payoutMinor: credit.total, ms: 0 };
    });
    if (out === null) return null;
    out.ms = Date.now() - started;
    // Committed: readers that remember wins (the home ticker, the unseen-win cache) hear of it.
    this.events.emitSettled({ roundId, gameId: out.gameId, winners: out.winners, bets: out.bets, ms: out.ms });
    return out;
  }

  /**
   * Voids a round that is not final (open, closed or drawn) for the console: every pending bet is
   * cancelled (status 2, profit 0) and its stake refunded (bet_refund posting, capital log type 3 with
   * mark 'refund'). A drawn round keeps its published result. Settled and void rounds refuse
   * (ALREADY_RESOLVED); an unknown round is ROUND_NOT_FOUND.
   */
  async voidRound(roundId: number, staffId: number, reason: string): Promise<VoidReport> {
    return this.tx.write(async (m) => {
      const { q } = this.bound();
      const now = this.clock.now();
      const round = await first(IdRow, m.query(q(`SELECT id, state FROM rounds WHERE id = ?`), [roundId]));
      if (round === undefined) throw new ApiError('ROUND_NOT_FOUND');
      const won = await exec(m, q(`UPDATE rounds SET state = 'void', void_reason = ?, voided_by = ? WHERE id = ? AND state IN ('open', 'closed', 'drawn')`), [
        reason.slice(0, 500),
        staffId,
        roundId,
      ]);
      if (won.affected !== 1) throw new ApiError('ALREADY_RESOLVED');
      await m.query(
        q(
          `UPDATE bets SET status = ${BET_STATUS.CANCELLED}, whether_hit = 0, payout_minor = NULL, profit_minor = 0, settled_at = ?
            WHERE round_id = ? AND status = ${BET_STATUS.PENDING}`,
        ),
        [now, roundId],
      );
      const refunded = `FROM bets b WHERE b.round_id = ? AND b.status = ${BET_STATUS.CANCELLED}`;
      const credit = await this.credit(m, roundId, now, refunded, 'stake_minor', LEDGER_KIND.BET_REFUND, 'refund', CAPITAL_MARK.REFUND);
      this.log.log(`round ${roundId} voided by staff ${staffId}: ${credit.count} bets refunded`);
      return { roundId, refunded: credit.count, refundMinor: credit.total };
    });
  }

  /**
   * Credits `amountColumn` of every bet selected by `from` (a `FROM bets b WHERE ...` clause with one
   * `?` for the round id) back to its player: postings, their two lines, capital logs, cached balances.
   */
  private async credit(
    m: EntityManager,
    roundId: number,
    now: number,
    from: string,
    amountColumn: 'payout_minor' | 'stake_minor',
    kind: string,
    event: 'payout' | 'refund',
    mark: string,
  ): Promise<{ count: number; total: number }> {
    const { q, sql } = this.bound();
    this.epochs.touchAll(m);
    const amount = `b.${amountColumn}`;
    // Parameters in a SELECT list are untyped on PostgreSQL: CAST(? AS BIGINT) types them (a no-op on SQLite).
    if (sql.isPg) {
      // Lock the credited players (in id order, as every writer does) before reading their balances.
      await m.query(q(`SELECT id FROM users WHERE id IN (SELECT b.user_id ${from}) ORDER BY id FOR UPDATE`), [roundId]);
    }
    // One pass over the credited bets: their number and total, their players, and checked arithmetic: every
    // credited balance must stay a safe integer (`int` refuses `top` past the safe range). The balance cap (bets
    // and credits keep available + frozen + pending payouts <= max_balance <= 2^53 - largest payout) makes this
    // hold, so the check never refuses a round; if it ever did, the round stays drawn instead of a balance going wrong.
    const sums = await one(
      CreditSumsRow,
      m.query(
        q(`SELECT COUNT(*) AS players, COALESCE(SUM(w.n), 0) AS n, COALESCE(SUM(w.total), 0) AS total,
                  COALESCE(MAX(u.money_minor + w.total), 0) AS top
             FROM (SELECT b.user_id, COUNT(*) AS n, SUM(${amount}) AS total ${from} GROUP BY b.user_id) w
             LEFT JOIN users u ON u.id = w.user_id`),
        [roundId],
      ),
    );
    const { n: count, total } = sums;
    if (count === 0) return { count, total };
    const key = `'bet:' || b.id || ':${event}'`;
    await m.query(
      q(`INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at)
         SELECT ${key}, '${kind}', b.user_id, 'bet', b.id, CAST(? AS BIGINT) ${from} ORDER BY b.id`),
      [now, roundId],
    );
    // The lines find their posting by its bet and kind (ix_ledger_transactions_ref), not by building its text key
    // again. CROSS JOIN keeps SQLite's join order: from this round's bets to their postings, never the other way
    // round (which would scan every bet posting ever made); PostgreSQL plans it as the inner join it is.
    const posted = from.replace(
      'FROM bets b WHERE',
      `FROM bets b CROSS JOIN ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${kind}' AND`,
    );
    await m.query(
      q(`INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at)
         SELECT t.id, 'house_game', NULL, 0 - ${amount}, CAST(? AS BIGINT) ${posted}
         UNION ALL
         SELECT t.id, 'user_available', b.user_id, ${amount}, CAST(? AS BIGINT) ${posted}`),
      [now, roundId, now, roundId],
    );
    await m.query(
      q(`INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, ref_id, pay_snapshot, requested_by, resolved_by, resolved_at, remark, created_at)
         SELECT b.user_id, ${CAPITAL_TYPE.PROFIT}, ${amount},
                u.money_minor + SUM(${amount}) OVER (PARTITION BY b.user_id ORDER BY b.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
                '', '${mark}', ${AUDIT_STATUS.APPROVED}, b.id, NULL, NULL, NULL, CAST(? AS BIGINT), b.order_no, CAST(? AS BIGINT)
         ${from.replace('FROM bets b', 'FROM bets b JOIN users u ON u.id = b.user_id')} ORDER BY b.id`),
      [now, now, roundId],
    );
    const credited = await exec(
      m,
      q(`UPDATE users SET money_minor = money_minor + w.total, updated_at = ?
           FROM (SELECT b.user_id, SUM(${amount}) AS total ${from} GROUP BY b.user_id) AS w
          WHERE users.id = w.user_id`),
      [now, roundId],
    );
    if (credited.affected !== sums.players) throw new Error(`round ${roundId}: balance update missed players`);
    return { count, total };
  }

  private async faultDelay(roundId: number): Promise<void> {
    const ms = this.cfg.faultSettleDelayMs;
    if (ms <= 0) return;
    this.log.warn(`FAULT_SETTLE_DELAY_MS: settlement of round ${roundId} written, holding its transaction open for ${ms} ms`);
    await new Promise((r) => setTimeout(r, ms));
  }

  private bound(): { q: (s: string) => string; sql: Sql } {
    return { q: (s) => this.sql.q(s), sql: this.sql };
  }
}

/**
 * The set-based restatement of the domain's `settleBet` (hit, payout = floor(stake x odds / 1000),
 * profit) over the columns play_type, stake_minor and odds_milli, for a round drawn with `sum`. The one
 * place SQL restates a domain rule: `settlement-sql.e2e-spec.ts` proves the two agree on every category,
 * every sum and the arithmetic boundaries, on each database.
 */
export function settledColumnsSql(sum: number): { whetherHit: string; payout: string; profit: string } {
  const hits = sqlList(hitPlayTypes(sum));
  const payout = `(stake_minor * odds_milli) / ${ODDS_SCALE}`;
  return {
    whetherHit: `CASE WHEN play_type IN (${hits}) THEN 1 ELSE 0 END`,
    payout: `CASE WHEN play_type IN (${hits}) THEN ${payout} ELSE 0 END`,
    profit: `CASE WHEN play_type IN (${hits}) THEN ${payout} - stake_minor ELSE 0 - stake_minor END`,
  };
}

/** `'big', 'odd', ...` for an IN list; the codes come from the domain and are checked once more here. */
function sqlList(types: readonly string[]): string {
  for (const t of types) if (!isPlayType(t) || !/^[a-z0-9_]+$/.test(t)) throw new Error(`not a play type: ${t}`);
  return types.map((t) => `'${t}'`).join(', ');
}
