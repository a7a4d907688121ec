import type { BetEntity, RoundEntity } from '@sum28/database';
import { ALL_PLAY_TYPES, BET_STATUS, minorToMajor, oddsMilliToDecimal, ROUND_STATES } from '@sum28/domain';
import type { ListSpec } from '../list/list-query';

export interface BetView {
  id: number;
  order_no: string;
  user_id: number;
  username: string | null;
  game_id: number;
  plan_id: number;
  round_id: number;
  issue: string;
  play_type: string;
  stake: number;
  odds: number;
  status: number;
  whether_hit: number | null;
  payout: number | null;
  profit: number | null;
  follow_of: number | null;
  created_at: number;
  settled_at: number | null;
}

export function betView(b: BetEntity, username: string | null): BetView {
  return {
    id: b.id,
    order_no: b.order_no,
    user_id: b.user_id,
    username,
    game_id: b.game_id,
    plan_id: b.plan_id,
    round_id: b.round_id,
    issue: b.issue,
    play_type: b.play_type,
    stake: minorToMajor(b.stake_minor),
    odds: oddsMilliToDecimal(b.odds_milli),
    status: b.status,
    whether_hit: b.whether_hit,
    payout: b.payout_minor === null ? null : minorToMajor(b.payout_minor),
    profit: b.profit_minor === null ? null : minorToMajor(b.profit_minor),
    follow_of: b.follow_of,
    created_at: b.created_at,
    settled_at: b.settled_at,
  };
}

export const BET_CSV_COLUMNS = [
  'id',
  'order_no',
  'user_id',
  'username',
  'game_id',
  'plan_id',
  'round_id',
  'issue',
  'play_type',
  'stake',
  'odds',
  'status',
  'whether_hit',
  'payout',
  'profit',
  'created_at',
  'settled_at',
] as const satisfies ReadonlyArray<keyof BetView>;

export const BETS_LIST: ListSpec = {
  resource: 'bets',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    order_no: { column: 'order_no', kind: 'string', filter: 'eq' },
    user_id: { column: 'user_id', kind: 'int', sortable: true, filter: 'eq' },
    game_id: { column: 'game_id', kind: 'int', sortable: true, filter: 'eq' },
    plan_id: { column: 'plan_id', kind: 'int', sortable: true, filter: 'eq' },
    round_id: { column: 'round_id', kind: 'int', sortable: true, filter: 'eq' },
    issue: { column: 'issue', kind: 'string', sortable: true, filter: 'eq' },
    play_type: { column: 'play_type', kind: 'string', sortable: true, filter: 'eq', values: ALL_PLAY_TYPES },
    stake: { column: 'stake_minor', kind: 'money', sortable: true },
    payout: { column: 'payout_minor', kind: 'money', sortable: true },
    status: { column: 'status', kind: 'int', sortable: true, filter: 'eq', values: [BET_STATUS.PENDING, BET_STATUS.SETTLED, BET_STATUS.CANCELLED] },
    whether_hit: { column: 'whether_hit', kind: 'int', filter: 'eq', values: [0, 1] },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    settled_at: { column: 'settled_at', kind: 'time', sortable: true, filter: 'range' },
  },
  search: ['order_no', 'issue'],
  defaultSort: ['id', 'DESC'],
};

export interface RoundTotals {
  bet_count: number;
  turnover_minor: number;
  settled_stake_minor: number;
  payout_minor: number;
}

/** States in which the seed is published: before the draw it never leaves the database. */
export const SEED_REVEALED_STATES: ReadonlySet<string> = new Set(['drawn', 'settled']);

export interface RoundView {
  id: number;
  game_id: number;
  issue: string;
  day: string;
  seq: number;
  state: string;
  open_at: number;
  close_at: number;
  draw_at: number;
  hash: string;
  /** only once drawn or settled; null before */
  seed: string | null;
  site_1: number | null;
  site_2: number | null;
  site_3: number | null;
  sum: number | null;
  drawn_at: number | null;
  settled_at: number | null;
  void_reason: string | null;
  voided_by: number | null;
  created_at: number;
  bet_count: number;
  /** stakes of the bets not cancelled */
  turnover: number;
  payout: number;
  /** gross gaming revenue: settled stakes - payouts */
  ggr: number;
}

export function roundView(r: RoundEntity, t: RoundTotals): RoundView {
  return {
    id: r.id,
    game_id: r.game_id,
    issue: r.issue,
    day: r.day,
    seq: r.seq,
    state: r.state,
    open_at: r.open_at,
    close_at: r.close_at,
    draw_at: r.draw_at,
    hash: r.hash_hex,
    seed: SEED_REVEALED_STATES.has(r.state) ? r.seed_hex : null,
    site_1: r.site_1,
    site_2: r.site_2,
    site_3: r.site_3,
    sum: r.sum,
    drawn_at: r.drawn_at,
    settled_at: r.settled_at,
    void_reason: r.void_reason,
    voided_by: r.voided_by,
    created_at: r.created_at,
    bet_count: t.bet_count,
    turnover: minorToMajor(t.turnover_minor),
    payout: minorToMajor(t.payout_minor),
    ggr: minorToMajor(t.settled_stake_minor - t.payout_minor),
  };
}

export const ROUND_CSV_COLUMNS = [
  'id',
  'game_id',
  'issue',
  'state',
  'open_at',
  'close_at',
  'draw_at',
  'hash',
  'seed',
  'site_1',
  'site_2',
  'site_3',
  'sum',
  'bet_count',
  'turnover',
  'payout',
  'ggr',
  'void_reason',
] as const satisfies ReadonlyArray<keyof RoundView>;

/** No seed field here: rounds can be neither filtered nor sorted by their seed (an oracle on a secret). */
export const ROUNDS_LIST: ListSpec = {
  resource: 'rounds',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    game_id: { column: 'game_id', kind: 'int', sortable: true, filter: 'eq' },
    issue: { column: 'issue', kind: 'string', sortable: true, filter: 'eq' },
    day: { column: 'day', kind: 'string', sortable: true, filter: 'eq' },
    state: { column: 'state', kind: 'string', sortable: true, filter: 'eq', values: ROUND_STATES },
    sum: { column: 'sum', kind: 'int', sortable: true, filter: 'eq' },
    open_at: { column: 'open_at', kind: 'time', sortable: true, filter: 'range' },
    draw_at: { column: 'draw_at', kind: 'time', sortable: true, filter: 'range' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
  },
  search: ['issue'],
  defaultSort: ['id', 'DESC'],
};
