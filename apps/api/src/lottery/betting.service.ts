import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlayOrderResponse } from '@sum28/contracts';
import { TxRunner, type UserEntity } from '@sum28/database';
import {
  ACCOUNT_STATUS,
  AUDIT_STATUS,
  BET_STATUS,
  CAPITAL_TYPE,
  checkBalanceCap,
  checkOppositeBet,
  type ErrorParams,
  formatMinor,
  GROUP,
  isBettingOpen,
  isPlayType,
  type Minor,
  minorToMajor,
  OPPOSITE_OF,
  type OppositeBetPolicy,
  parseAmount,
  payoutMinor,
  type PlayType,
  type RoundState,
  slotAt,
} from '@sum28/domain';
import { randomFillSync } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { assertNoResetHold } from '../auth/reset-hold';
import { ApiError, unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { returningRows } from '../common/db/returning';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { FeedService } from '../feed/feed.service';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { betPosting } from '../ledger/ledger-keys';
import { LedgerService } from '../ledger/ledger.service';
import { PENDING_PAYOUT_SQL } from '../ledger/pending-payouts';
import { CAPITAL_MARK } from '../rounds/settlement.service';
import { aggregate, all, bool, first, int, intOrNull, one, rowOf, Sql, str } from '../common/db/sql';
import { BetBatcher } from './bet-batcher';
import { SettingsService } from '../settings/settings.service';
import type { PlayOrderDto } from './dto/lottery.dto';

/** The bet's round (placeIn). */
const RoundRow = rowOf({ id: int, state: str, open_at: int, close_at: int });

/** The bet a follow bet copies. */
const FollowedRow = rowOf({ id: int, round_id: int, plan_id: int, play_type: str });

/** The bet's round and the player placing the bet (both rows locked on PostgreSQL). */
const RoundPlayerRow = rowOf({ id: int, state: str, open_at: int, close_at: int, group_id: int, status: str, money_minor: int, lock_money_minor: int });

/**
 * The room, its game, the odds of the bet's category (NULL: the room does not offer it), and the player's
 * pending payouts (PENDING_PAYOUT_SQL).
 */
const RoomRow = rowOf({ game_id: int, plan_enabled: bool, join_limit_minor: int, game_enabled: bool, odds_milli: intOrNull, pending_payout: aggregate });

/** A bet the player already holds in the round (opposite-bet rule). */
const HeldRow = rowOf({ play_type: str, stake_minor: int });

/** The id an INSERT ... RETURNING id answers. */
const IdRow = rowOf({ id: int });

/** Thrown inside the bet transaction so it rolls back; the account is frozen afterwards in a write of its own. */
class OppositeBetRefused extends Error {
  constructor(readonly params: ErrorParams | undefined) {
    super('OPPOSITE_BET');
  }
}

/**
 * Places one bet (`Lottery/playOrder`). Every rule is checked inside the one write transaction that
 * debits the stake, with the database's view of the round, the room and the player (and on PostgreSQL
 * the round row share-locked and the player's row locked), so a bet is accepted only while its round
 * is open and `now < close_at` with `now` read inside the transaction. Money moves only through
 * LedgerService.post (`bet:<id>:stake`).
 */
@Injectable()
export class BettingService {
  private readonly log = new Logger('Betting');
  private readonly sql: Sql;
  /** SQLite: group commit (see BetBatcher); PostgreSQL: one concurrent transaction per bet. */
  private readonly batcher: BetBatcher<PlayOrderResponse> | null;

  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly settings: SettingsService,
    private readonly feed: FeedService,
  ) {
    this.sql = new Sql(tx.kind);
    this.batcher = tx.kind === 'sqlite' ? new BetBatcher<PlayOrderResponse>(tx) : null;
  }

  async place(player: UserEntity, dto: PlayOrderDto): Promise<PlayOrderResponse> {
    const stake = unwrap(parseAmount(dto.money as unknown));
    if (!isPlayType(dto.play_type)) throw new ApiError('PLAY_TYPE_INVALID');
    if (player.group_id === GROUP.VISITOR) throw new ApiError('VISITOR_FORBIDDEN');
    // A staff password reset of a player without a security code holds bets for 24 h (the guard's row is read per request).
    assertNoResetHold(player, this.clock.now(), this.cfg.schedule.tz);
    const settings = await this.settings.all();
    if (stake > settings.max_stake_minor) throw new ApiError('AMOUNT_TOO_LARGE', { max: formatMinor(settings.max_stake_minor) });
    const request = {
      issue: dto.issue,
      plan_id: dto.plan_id,
      game_id: dto.game_id,
      play_type: dto.play_type,
      stake,
      follow_id: dto.follow_id ?? null,
    };
    const scope = `bet:${player.id}`;
    const place = (m: EntityManager): Promise<PlayOrderResponse> =>
      this.placeIn(m, player.id, dto, stake, settings.opposite_bet_policy, settings.max_balance_minor);
    try {
      const out =
        this.batcher !== null
          ? await this.batcher.submit((m) => this.idempotency.runIn(m, scope, dto.idempotency_key, request, place))
          : await this.idempotency.run(scope, dto.idempotency_key, request, place);
      this.feed.noteBet(dto.plan_id);
      return out;
    } catch (e) {
      if (!(e instanceof OppositeBetRefused)) throw e;
      await this.freeze(player.id, `OPPOSITE_BET: opposite bets in round ${dto.issue} of game ${dto.game_id}`);
      throw new ApiError('OPPOSITE_BET', e.params);
    }
  }

  private async placeIn(
    m: EntityManager,
    userId: number,
    dto: PlayOrderDto,
    stake: Minor,
    policy: OppositeBetPolicy,
    maxBalance: number,
  ): Promise<PlayOrderResponse> {
    const q = (s: string): string => this.sql.q(s);
    const now = this.clock.now();

    // The round (share-locked on PostgreSQL) and the player's row (locked for the rest of the transaction on
    // PostgreSQL) in one statement, the round's lock taken first as before. No row: the round or the player is
    // missing; the round alone then tells which error it is.
    const both = await first(
      RoundPlayerRow,
      m.query(
        q(`SELECT r.id, r.state, r.open_at, r.close_at, u.group_id, u.status, u.money_minor, u.lock_money_minor
             FROM rounds r JOIN users u ON u.id = ?
            WHERE r.game_id = ? AND r.issue = ?${this.sql.isPg ? ' FOR SHARE OF r FOR UPDATE OF u' : ''}`),
        [userId, dto.game_id, dto.issue],
      ),
    );
    const round =
      both ??
      (await first(
        RoundRow,
        m.query(q(`SELECT id, state, open_at, close_at FROM rounds WHERE game_id = ? AND issue = ?${this.sql.forShare}`), [dto.game_id, dto.issue]),
      ));
    if (round === undefined) throw new ApiError(slotAt(now, this.cfg.schedule) === null ? 'PLATFORM_CLOSED' : 'ROUND_NOT_FOUND');
    const roundId = round.id;
    const openAt = round.open_at;
    if (!isBettingOpen({ state: round.state as RoundState, closeAt: round.close_at }, now)) throw new ApiError('ROUND_CLOSED');
    if (now < openAt) throw new ApiError('ROUND_NOT_OPEN');

    let playType: PlayType = dto.play_type as PlayType;
    let followOf: number | null = null;
    if (dto.follow_id !== undefined) {
      const f = await first(FollowedRow, m.query(q(`SELECT id, round_id, plan_id, play_type FROM bets WHERE id = ?`), [dto.follow_id]));
      if (f === undefined || f.plan_id !== dto.plan_id) throw new ApiError('FOLLOW_NOT_FOUND');
      if (f.round_id !== roundId) throw new ApiError('FOLLOW_CURRENT_ONLY');
      playType = f.play_type as PlayType;
      followOf = f.id;
    }

    // The room, its game and odds, and what the player's pending bets could pay (balance cap), read after the
    // player's row is locked (a new statement: it sees every bet committed by an earlier holder of the lock).
    const room = await first(
      RoomRow,
      m.query(
        q(`SELECT p.game_id, p.enabled AS plan_enabled, p.join_limit_minor, g.enabled AS game_enabled, o.odds_milli, ${PENDING_PAYOUT_SQL} AS pending_payout
           FROM plans p JOIN games g ON g.id = p.game_id LEFT JOIN odds o ON o.plan_id = p.id AND o.play_type = ?
          WHERE p.id = ?`),
        [userId, now, playType, dto.plan_id],
      ),
    );
    if (room === undefined || room.game_id !== dto.game_id || !room.plan_enabled) throw new ApiError('PLAN_NOT_FOUND');
    if (!room.game_enabled) throw new ApiError('GAME_DISABLED');
    const odds = room.odds_milli;
    if (odds === null) throw new ApiError('PLAY_TYPE_INVALID');
    // stake x odds must stay exact (the settlement multiplies them in SQL): far above any max_stake_minor.
    if (!Number.isSafeInteger(stake * odds)) throw new ApiError('AMOUNT_TOO_LARGE');

    const user = both;
    if (user === undefined) throw new ApiError('SESSION_INVALID');
    if (user.group_id === GROUP.VISITOR) throw new ApiError('VISITOR_FORBIDDEN');
    if (user.status === ACCOUNT_STATUS.FROZEN) throw new ApiError('ACCOUNT_FROZEN');
    const money = user.money_minor;
    const joinLimit = room.join_limit_minor;
    if (money < joinLimit) throw new ApiError('JOIN_LIMIT', { limit: formatMinor(joinLimit) });
    if (money < stake) throw new ApiError('INSUFFICIENT_FUNDS');
    // The safe range (issue 8): available + frozen + what pending bets could pay stays within max_balance,
    // so settlement, which only turns potential payouts into money, can never pass it.
    unwrap(
      checkBalanceCap({
        availableMinor: money - stake,
        frozenMinor: user.lock_money_minor,
        pendingPayoutMinor: room.pending_payout,
        creditMinor: payoutMinor(stake, odds),
        maxBalanceMinor: maxBalance,
      }),
    );

    if (policy !== 'off' && OPPOSITE_OF[playType] !== undefined) {
      // (user_id, created_at) index: the player's bets since the round opened, not the whole round.
      const held = await all(
        HeldRow,
        m.query(q(`SELECT play_type, stake_minor FROM bets WHERE user_id = ? AND created_at >= ? AND round_id = ?`), [userId, openAt, roundId]),
      );
      const verdict = checkOppositeBet(
        held.map((h) => ({ playType: h.play_type as PlayType, stake: h.stake_minor })),
        { playType, stake },
        policy,
      );
      if (!verdict.ok) throw new OppositeBetRefused(verdict.params);
    }

    const orderNo = newOrderNo(dto.issue);
    const { id: betId } = await one(
      IdRow,
      returningRows(
        m,
        q(`INSERT INTO bets (order_no, user_id, game_id, plan_id, round_id, issue, play_type, stake_minor, odds_milli, status, follow_of, result_seen, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${BET_STATUS.PENDING}, ?, ${this.sql.FALSE}, ?) RETURNING id`),
        [orderNo, userId, dto.game_id, dto.plan_id, roundId, dto.issue, playType, stake, odds, followOf, now],
      ),
    );
    const balances = await this.ledger.post(m, betPosting(betId, userId, 'stake', stake), now);
    const after = balances.get(userId)?.money;
    if (after === undefined) throw new Error(`bet ${betId}: no balance after the stake`);
    await m.query(
      q(`INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, ref_id, remark, created_at)
         VALUES (?, ${CAPITAL_TYPE.PURCHASE}, ?, ?, '', '${CAPITAL_MARK.STAKE}', ${AUDIT_STATUS.APPROVED}, ?, ?, ?)`),
      [userId, stake, after, betId, orderNo, now],
    );
    return { after_quantity: minorToMajor(after), order_no: orderNo, order_id: betId };
  }

  /** The opposite-bet rule's freeze, committed on its own: the refused bet left nothing behind. */
  private async freeze(userId: number, reason: string): Promise<void> {
    const now = this.clock.now();
    await this.tx.write((m) =>
      m.query(this.sql.q(`UPDATE users SET status = '${ACCOUNT_STATUS.FROZEN}', frozen_reason = ?, updated_at = ? WHERE id = ?`), [
        reason.slice(0, 255),
        now,
        userId,
      ]),
    );
    this.log.warn(`user ${userId} frozen: ${reason}`);
  }
}

/** Random bytes drawn from the CSPRNG 4 kB at a time (one call per 512 order numbers instead of one each). */
const RANDOM_POOL = Buffer.alloc(4096);
let randomOffset = RANDOM_POOL.length;

/** Issue + 18 random digits (at most 32 characters): unguessable, and a clash among a round's bets is ~1e-8. */
function newOrderNo(issue: string): string {
  if (randomOffset + 8 > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    randomOffset = 0;
  }
  const r = RANDOM_POOL.readBigUInt64BE(randomOffset) % 1_000_000_000_000_000_000n;
  randomOffset += 8;
  return `${issue}${r.toString().padStart(18, '0')}`.slice(0, 32);
}
