import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlayOrderRequest, PlayOrderResponse } from '@sum28/contracts';
import { isUniqueViolation, TxRunner } from '@sum28/database';
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
import { hashOf, IdempotencyService, storedKey } from '../idempotency/idempotency.service';
import { betPosting } from '../ledger/ledger-keys';
import { LedgerService } from '../ledger/ledger.service';
import { pendingPayoutsOf } from '../ledger/pending-payouts';
import { CAPITAL_MARK } from '../rounds/settlement.service';
import { all, bool, int, intOrNull, marks, rowOf, type RowType, Sql, str, strOrNull } from '../common/db/sql';
import { BetBatcher, type Outcome } from './bet-batcher';
import { SettingsService } from '../settings/settings.service';
import { DocumentedOperation } from '../common/openapi/response-docs';

/** The rounds of a batch's bets (share-locked on PostgreSQL). */
const RoundRow = rowOf({ id: int, game_id: int, issue: str, state: str, open_at: int, close_at: int });

/** The players of a batch (locked on PostgreSQL). */
const PlayerRow = rowOf({
  id: int,
  group_id: int,
  status: str,
  must_change_password: bool,
  reset_hold_until: intOrNull,
  money_minor: int,
  lock_money_minor: int,
});

/** A bet a follow bet copies. */
const FollowedRow = rowOf({ id: int, round_id: int, plan_id: int, play_type: str });

/** A room, its game, and one of its odds (NULL when the room has none). */
const RoomOddsRow = rowOf({
  id: int,
  game_id: int,
  plan_enabled: bool,
  join_limit_minor: int,
  game_enabled: bool,
  play_type: strOrNull,
  odds_milli: intOrNull,
});

/** A bet a player already holds in a round (opposite-bet rule). */
const HeldRow = rowOf({ user_id: int, round_id: int, play_type: str, stake_minor: int, created_at: int });

/** A bet's id by its order number (INSERT ... RETURNING). */
const InsertedRow = rowOf({ id: int, order_no: str });

/** Thrown inside the bet transaction so it rolls back; the account is frozen afterwards in a write of its own. */
class OppositeBetRefused extends Error {
  constructor(readonly params: ErrorParams | undefined) {
    super('OPPOSITE_BET');
  }
}

/** A round's key in a batch: its game and issue. */
const roundKey = (r: { game_id: number; issue: string }): string => `${r.game_id}\n${r.issue}`;

/** One bet request, checked as far as it can be without the database. */
interface BetInput {
  userId: number;
  dto: PlayOrderRequest;
  stake: Minor;
  policy: OppositeBetPolicy;
  maxStake: number;
  maxBalance: number;
  /** idempotency: scope, key (null: none asked for) and the request's hash */
  scope: string;
  key: string | null;
  hash: string;
}

/** A bet the batch accepted, ready to be written. */
interface Accepted {
  index: number;
  input: BetInput;
  roundId: number;
  playType: PlayType;
  odds: number;
  followOf: number | null;
  orderNo: string;
  /** the player's available balance after this bet */
  after: number;
}

type RoomOdds = { game_id: number; plan_enabled: boolean; join_limit_minor: number; game_enabled: boolean; odds: Map<string, number> };

/**
 * Places bets (`Lottery/playOrder`). Bets are placed in batches (BetBatcher: the bets that arrive while one
 * batch is written go into the next), each batch one write transaction that reads the rounds (share-locked on
 * PostgreSQL), the players (locked, in id order, as every writer locks them), the rooms and odds, the players'
 * pending payouts and held bets with a fixed number of statements, then checks every bet in arrival order
 * against that state, carrying forward what each accepted bet changes (balance, pending payouts, bets held),
 * exactly as if they had come one after another, and writes the accepted ones (bets, ledger postings
 * `bet:<id>:stake` through LedgerService, capital logs, idempotency answers) set-based. A bet is accepted only
 * while its round is open and `now < close_at` with `now` read inside the transaction. A refused bet writes
 * nothing; nobody is answered before the COMMIT.
 */
@Injectable()
export class BettingService {
  private readonly log = new Logger('Betting');
  private readonly sql: Sql;
  private readonly batcher: BetBatcher<BetInput, PlayOrderResponse>;

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
    this.batcher = new BetBatcher(
      (inputs) => this.placeBatch(inputs),
      (i) => (i.key === null ? null : storedKey(i.scope, i.key)),
    );
  }

  /**
   * `userId`: the player of a live session (the route checked the session only; the player's row is checked
   * here). The answer is `data` of `Lottery/playOrder` (a native route: play-order-route.ts).
   */
  @DocumentedOperation('LotteryController_playOrder')
  async place(userId: number, sent: PlayOrderRequest): Promise<PlayOrderResponse> {
    // An optional field sent as null is absent (a bet that follows nothing), as for idempotency_key below.
    const dto: PlayOrderRequest = (sent.follow_id as number | null | undefined) === null ? { ...sent, follow_id: undefined } : sent;
    const stake = unwrap(parseAmount(dto.money as unknown));
    if (!isPlayType(dto.play_type)) throw new ApiError('PLAY_TYPE_INVALID');
    const settings = await this.settings.all();
    const request = {
      issue: dto.issue,
      plan_id: dto.plan_id,
      game_id: dto.game_id,
      play_type: dto.play_type,
      stake,
      follow_id: dto.follow_id ?? null,
    };
    // No key, or null for one (an optional field sent as null is absent): no replay protection asked for.
    const key = dto.idempotency_key ?? null;
    try {
      return await this.batcher.submit({
        userId,
        dto,
        stake,
        policy: settings.opposite_bet_policy,
        maxStake: settings.max_stake_minor,
        maxBalance: settings.max_balance_minor,
        scope: `bet:${userId}`,
        key,
        hash: key === null ? '' : hashOf(request),
      });
    } catch (e) {
      if (!(e instanceof OppositeBetRefused)) throw e;
      await this.freeze(userId, `OPPOSITE_BET: opposite bets in round ${dto.issue} of game ${dto.game_id}`);
      throw new ApiError('OPPOSITE_BET', e.params);
    }
  }

  /**
   * One batch in one write transaction: an outcome per input, in order. Alone, a bet whose idempotency key a
   * concurrent request stored first (PostgreSQL) answers what that request answered.
   */
  private async placeBatch(inputs: BetInput[]): Promise<Outcome<PlayOrderResponse>[]> {
    let outcomes: Outcome<PlayOrderResponse>[];
    try {
      outcomes = await this.tx.write((m) => this.placeIn(m, inputs));
    } catch (e) {
      const only = inputs[0];
      if (inputs.length !== 1 || only === undefined || only.key === null || !isUniqueViolation(e)) throw e;
      return [{ ok: true, value: await this.idempotency.replayCommitted<PlayOrderResponse>(only.scope, only.key, only.hash) }];
    }
    const rooms = new Set<number>();
    outcomes.forEach((o, i) => o.ok && rooms.add((inputs[i] as BetInput).dto.plan_id));
    for (const planId of rooms) this.feed.noteBet(planId);
    return outcomes;
  }

  private async placeIn(m: EntityManager, inputs: BetInput[]): Promise<Outcome<PlayOrderResponse>[]> {
    const q = (s: string): string => this.sql.q(s);
    const outcomes: (Outcome<PlayOrderResponse> | undefined)[] = inputs.map(() => undefined);

    // Repeats of stored requests answer what they answered (or IDEMPOTENCY_MISMATCH) and check nothing else.
    const keyed = inputs.filter((i): i is BetInput & { key: string } => i.key !== null);
    const stored = await this.idempotency.storedOf(m, keyed);
    inputs.forEach((input, i) => {
      const prior = input.key === null ? undefined : stored.get(storedKey(input.scope, input.key));
      if (prior === undefined) return;
      try {
        outcomes[i] = { ok: true, value: this.idempotency.replayStored<PlayOrderResponse>(prior, input.hash) };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    });
    const live = inputs.map((input, index) => ({ input, index })).filter((x) => outcomes[x.index] === undefined);
    if (live.length === 0) return outcomes as Outcome<PlayOrderResponse>[];

    // The rounds first (share-locked on PostgreSQL), then the players (locked), each in id order, as every writer takes them.
    const pairs = [...new Map(live.map(({ input }) => [roundKey(input.dto), input.dto])).values()];
    const rounds = await all(
      RoundRow,
      m.query(
        q(`SELECT id, game_id, issue, state, open_at, close_at FROM rounds WHERE ${pairs.map(() => '(game_id = ? AND issue = ?)').join(' OR ')}
            ORDER BY id${this.sql.forShare}`),
        pairs.flatMap((d) => [d.game_id, d.issue]),
      ),
    );
    const userIds = [...new Set(live.map(({ input }) => input.userId))].sort((a, b) => a - b);
    const players = await all(
      PlayerRow,
      m.query(
        q(
          `SELECT id, group_id, status, must_change_password, reset_hold_until, money_minor, lock_money_minor FROM users WHERE id IN (${marks(userIds)}) ORDER BY id${this.sql.isPg ? ' FOR UPDATE' : ''}`,
        ),
        userIds,
      ),
    );
    // Read after the players' rows are locked: `now`, and (new statements) every bet committed by an earlier holder of a lock.
    const now = this.clock.now();
    const followIds = [...new Set(live.flatMap(({ input }) => (input.dto.follow_id === undefined ? [] : [input.dto.follow_id])))];
    const followed =
      followIds.length === 0
        ? []
        : await all(FollowedRow, m.query(q(`SELECT id, round_id, plan_id, play_type FROM bets WHERE id IN (${marks(followIds)})`), followIds));
    const planIds = [...new Set(live.map(({ input }) => input.dto.plan_id))];
    const roomRows = await all(
      RoomOddsRow,
      m.query(
        q(`SELECT p.id, p.game_id, p.enabled AS plan_enabled, p.join_limit_minor, g.enabled AS game_enabled, o.play_type, o.odds_milli
             FROM plans p JOIN games g ON g.id = p.game_id LEFT JOIN odds o ON o.plan_id = p.id WHERE p.id IN (${marks(planIds)})`),
        planIds,
      ),
    );
    const pending = await pendingPayoutsOf(m, userIds, now);
    const roundOf = new Map(rounds.map((r) => [roundKey(r), r]));
    const playerOf = new Map(players.map((p) => [p.id, p]));
    const followedOf = new Map(followed.map((f) => [f.id, f]));
    const roomOf = new Map<number, RoomOdds>();
    for (const r of roomRows) {
      const room = roomOf.get(r.id) ?? { ...r, odds: new Map<string, number>() };
      roomOf.set(r.id, room);
      if (r.play_type !== null && r.odds_milli !== null) room.odds.set(r.play_type, r.odds_milli);
    }
    // The bets of an opposite category each player holds in each round since it opened (opposite-bet rule), read
    // only when a bet of the batch has a category with an opposite (a follow bet takes the followed bet's).
    const held = new Map<string, { playType: PlayType; stake: number }[]>();
    const heldOf = (userId: number, roundId: number): { playType: PlayType; stake: number }[] => {
      const k = `${userId}\n${roundId}`;
      const list = held.get(k) ?? [];
      held.set(k, list);
      return list;
    };
    const opposites = new Set<string>();
    for (const { input } of live) {
      const playType = input.dto.follow_id === undefined ? input.dto.play_type : followedOf.get(input.dto.follow_id)?.play_type;
      const opposite = playType === undefined ? undefined : OPPOSITE_OF[playType as PlayType];
      if (input.policy !== 'off' && opposite !== undefined) opposites.add(opposite);
    }
    if (opposites.size > 0 && rounds.length > 0) {
      const since = Math.min(...rounds.map((r) => r.open_at));
      const rows = await all(
        HeldRow,
        m.query(
          q(`SELECT user_id, round_id, play_type, stake_minor, created_at FROM bets
              WHERE user_id IN (${marks(userIds)}) AND created_at >= ? AND round_id IN (${marks(rounds)})
                AND play_type IN (${marks([...opposites])})`),
          [...userIds, since, ...rounds.map((r) => r.id), ...opposites],
        ),
      );
      const openAt = new Map(rounds.map((r) => [r.id, r.open_at]));
      for (const h of rows) {
        if (h.created_at < (openAt.get(h.round_id) ?? Infinity)) continue;
        heldOf(h.user_id, h.round_id).push({ playType: h.play_type as PlayType, stake: h.stake_minor });
      }
    }

    // Every bet in arrival order, each seeing what the accepted ones before it changed.
    const accepted: Accepted[] = [];
    for (const { input, index } of live) {
      try {
        const a = this.check(input, now, {
          round: roundOf.get(roundKey(input.dto)),
          followed: input.dto.follow_id === undefined ? undefined : followedOf.get(input.dto.follow_id),
          roomOf,
          player: playerOf.get(input.userId),
          pendingPayout: pending.get(input.userId) ?? 0,
          held: (roundId) => heldOf(input.userId, roundId),
        });
        const player = playerOf.get(input.userId) as RowType<typeof PlayerRow>;
        player.money_minor = a.after;
        pending.set(input.userId, (pending.get(input.userId) ?? 0) + payoutMinor(input.stake, a.odds));
        heldOf(input.userId, a.roundId).push({ playType: a.playType, stake: input.stake });
        accepted.push({ ...a, index, input });
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
    if (accepted.length > 0) await this.write(m, accepted, now, outcomes);
    return outcomes as Outcome<PlayOrderResponse>[];
  }

  /** One bet's rules against the batch's state so far; throws the bet's error, or answers what to write. */
  private check(
    input: BetInput,
    now: number,
    state: {
      round: RowType<typeof RoundRow> | undefined;
      followed: RowType<typeof FollowedRow> | undefined;
      roomOf: Map<number, RoomOdds>;
      player: RowType<typeof PlayerRow> | undefined;
      pendingPayout: number;
      held: (roundId: number) => { playType: PlayType; stake: number }[];
    },
  ): Omit<Accepted, 'index' | 'input'> {
    const { dto, stake } = input;
    // The player first, as the guard and the checks before the transaction did when they read the row.
    const user = state.player;
    if (user === undefined) throw new ApiError('SESSION_INVALID');
    if (user.must_change_password) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
    if (user.group_id === GROUP.VISITOR) throw new ApiError('VISITOR_FORBIDDEN');
    // A staff password reset of a player without a security code holds bets for 24 h.
    assertNoResetHold(user, now, this.cfg.schedule.tz);
    if (stake > input.maxStake) throw new ApiError('AMOUNT_TOO_LARGE', { max: formatMinor(input.maxStake) });
    const round = state.round;
    if (round === undefined) throw new ApiError(slotAt(now, this.cfg.schedule) === null ? 'PLATFORM_CLOSED' : 'ROUND_NOT_FOUND');
    if (!isBettingOpen({ state: round.state as RoundState, closeAt: round.close_at }, now)) throw new ApiError('ROUND_CLOSED');
    if (now < round.open_at) throw new ApiError('ROUND_NOT_OPEN');

    let playType: PlayType = dto.play_type as PlayType;
    let followOf: number | null = null;
    if (dto.follow_id !== undefined) {
      const f = state.followed;
      if (f === undefined || f.plan_id !== dto.plan_id) throw new ApiError('FOLLOW_NOT_FOUND');
      if (f.round_id !== round.id) throw new ApiError('FOLLOW_CURRENT_ONLY');
      playType = f.play_type as PlayType;
      followOf = f.id;
    }

    const room = state.roomOf.get(dto.plan_id);
    if (room === undefined || room.game_id !== dto.game_id || !room.plan_enabled) throw new ApiError('PLAN_NOT_FOUND');
    if (!room.game_enabled) throw new ApiError('GAME_DISABLED');
    const odds = room.odds.get(playType);
    if (odds === undefined) throw new ApiError('PLAY_TYPE_INVALID');
    // stake x odds must stay exact (the settlement multiplies them in SQL): far above any max_stake_minor.
    if (!Number.isSafeInteger(stake * odds)) throw new ApiError('AMOUNT_TOO_LARGE');

    if (user.status === ACCOUNT_STATUS.FROZEN) throw new ApiError('ACCOUNT_FROZEN');
    const money = user.money_minor;
    if (money < room.join_limit_minor) throw new ApiError('JOIN_LIMIT', { limit: formatMinor(room.join_limit_minor) });
    if (money < stake) throw new ApiError('INSUFFICIENT_FUNDS');
    // The safe range (issue 8): available + frozen + what pending bets could pay stays within max_balance,
    // so settlement, which only turns potential payouts into money, can never pass it.
    unwrap(
      checkBalanceCap({
        availableMinor: money - stake,
        frozenMinor: user.lock_money_minor,
        pendingPayoutMinor: state.pendingPayout,
        creditMinor: payoutMinor(stake, odds),
        maxBalanceMinor: input.maxBalance,
      }),
    );
    if (input.policy !== 'off' && OPPOSITE_OF[playType] !== undefined) {
      const verdict = checkOppositeBet(state.held(round.id), { playType, stake }, input.policy);
      if (!verdict.ok) throw new OppositeBetRefused(verdict.params);
    }
    return { roundId: round.id, playType, odds, followOf, orderNo: newOrderNo(dto.issue), after: money - stake };
  }

  /** The accepted bets, their stakes (LedgerService), capital logs and idempotency answers; fills their outcomes. */
  private async write(m: EntityManager, accepted: Accepted[], now: number, outcomes: (Outcome<PlayOrderResponse> | undefined)[]): Promise<void> {
    const q = (s: string): string => this.sql.q(s);
    const inserted = await all(
      InsertedRow,
      returningRows(
        m,
        q(`INSERT INTO bets (order_no, user_id, game_id, plan_id, round_id, issue, play_type, stake_minor, odds_milli, status, follow_of, result_seen, created_at)
           VALUES ${accepted.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, ?, ${BET_STATUS.PENDING}, ?, ${this.sql.FALSE}, ?)`).join(', ')} RETURNING id, order_no`),
        accepted.flatMap((a) => [
          a.orderNo,
          a.input.userId,
          a.input.dto.game_id,
          a.input.dto.plan_id,
          a.roundId,
          a.input.dto.issue,
          a.playType,
          a.input.stake,
          a.odds,
          a.followOf,
          now,
        ]),
      ),
    );
    const idOf = new Map(inserted.map((r) => [r.order_no, r.id]));
    const bets = accepted.map((a) => {
      const id = idOf.get(a.orderNo);
      if (id === undefined) throw new Error(`bet ${a.orderNo} was not inserted`);
      return { ...a, id };
    });
    const balances = await this.ledger.postMany(
      m,
      bets.map((b) => betPosting(b.id, b.input.userId, 'stake', b.input.stake)),
      now,
    );
    // Each player's balance after their last bet of the batch is what the ledger wrote, or the batch is wrong.
    const last = new Map(bets.map((b) => [b.input.userId, b.after]));
    for (const [userId, after] of last) {
      if (balances.get(userId)?.money !== after) throw new Error(`user ${userId}: balance after the batch's stakes is not ${after}`);
    }
    await m.query(
      q(`INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, ref_id, remark, created_at)
         VALUES ${bets.map(() => `(?, ${CAPITAL_TYPE.PURCHASE}, ?, ?, '', '${CAPITAL_MARK.STAKE}', ${AUDIT_STATUS.APPROVED}, ?, ?, ?)`).join(', ')}`),
      bets.flatMap((b) => [b.input.userId, b.input.stake, b.after, b.id, b.orderNo, now]),
    );
    const answers = bets.map((b) => ({ b, value: { after_quantity: minorToMajor(b.after), order_no: b.orderNo, order_id: b.id } }));
    await this.idempotency.storeMany(
      m,
      answers.flatMap(({ b, value }) => (b.input.key === null ? [] : [{ scope: b.input.scope, key: b.input.key, requestHash: b.input.hash, value }])),
    );
    for (const { b, value } of answers) outcomes[b.index] = { ok: true, value };
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
