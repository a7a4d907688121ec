import { Injectable } from '@nestjs/common';
import {
  PLAN_TIERS,
  type CandResponse,
  type Game,
  type IssueListResponse,
  type IssueRow,
  type LotteryIndexResponse,
  type OddsItem,
  type OddsListResponse,
  type PlanTier,
  type RoundState as WireRoundState,
  type Triple as WireTriple,
  type VerifyResponse,
} from '@sum28/contracts';
import {
  BASE_CATEGORIES,
  drawFromSeed,
  hashSeedHex,
  lotteryCode,
  minorToMajor,
  NUMBER_CATEGORIES,
  oddsMilliToDecimal,
  rtpBps,
  type PlayType,
} from '@sum28/domain';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { ReadDb } from '../common/db/read-db';
import { all, first, int, intOrNull, rowOf, str, strOrNull } from '../common/db/sql';
import { CatalogService, gameName, planTitle, playMethodName, tierName, type CatalogPlan } from './catalog.service';

/** The result columns of a round (all NULL until it is drawn); spread into a `rowOf` shape. */
export const DIGIT_COLUMNS = { site_1: intOrNull, site_2: intOrNull, site_3: intOrNull, sum: intOrNull } as const;

/** An odds row of a room (oddsList). */
const OddsRow = rowOf({ id: int, play_type: str, odds_milli: int });

/** A recent round (issueList): the seed only once it is drawn. */
const RecentRoundRow = rowOf({ issue: str, state: str, draw_at: int, hash_hex: str, revealed_seed: strOrNull, ...DIGIT_COLUMNS });

/** A drawn round for the chart (cand): the query keeps only rounds with a sum. */
const CandRow = rowOf({ issue: str, site_1: intOrNull, site_2: intOrNull, site_3: intOrNull, sum: int });

/** A round for the public verify call. */
const VerifyRow = rowOf({ hash_hex: str, revealed_seed: strOrNull, ...DIGIT_COLUMNS });

export const ISSUE_LIST_DEFAULT = 30;
export const CAND_DEFAULT = 30;

/** Read-only game calls: games and rooms, odds, recent rounds, the chart, and the public verify call. */
@Injectable()
export class LotteryService {
  constructor(
    private readonly db: ReadDb,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {}

  /** Enabled games with their enabled rooms (one game when `gameId` is given). */
  async index(gameId: number | undefined, lang: string): Promise<LotteryIndexResponse> {
    const c = await this.catalog.get();
    if (gameId !== undefined && !c.games.get(gameId)?.enabled) throw new ApiError('GAME_NOT_FOUND');
    const gameList: Game[] = [...c.games.values()]
      .filter((g) => g.enabled && (gameId === undefined || g.id === gameId))
      .map((g) => ({
        id: g.id,
        name: gameName(c, g.id, lang),
        planList: [...c.plans.values()]
          .filter((p) => p.gameId === g.id && p.enabled)
          .map((p) => ({
            id: p.id,
            game_id: p.gameId,
            title: planTitle(c, p.id, lang),
            tier: tierOf(p),
            tier_name: tierName(c, tierOf(p), lang),
            join_limit: minorToMajor(p.joinLimitMinor),
          })),
      }));
    return { gameList };
  }

  /** The room's odds per category with their return to player. */
  async oddsList(planId: number, lang: string): Promise<OddsListResponse> {
    const c = await this.catalog.get();
    const plan = c.plans.get(planId);
    if (!plan?.enabled) throw new ApiError('PLAN_NOT_FOUND');
    const rows = await all(OddsRow, this.db.all(`SELECT id, play_type, odds_milli FROM odds WHERE plan_id = ?`, [planId]));
    const byType = new Map(rows.map((r) => [r.play_type, r]));
    const item = (p: PlayType): OddsItem[] => {
      const r = byType.get(p);
      if (r === undefined) return [];
      const milli = r.odds_milli;
      return [{ id: r.id, class: p, class_name: playMethodName(c, p, lang), odds: oddsMilliToDecimal(milli), rtp: rtpBps(p, milli) / 100 }];
    };
    return { rule_base: BASE_CATEGORIES.flatMap(item), rule_num: NUMBER_CATEGORIES.flatMap(item) };
  }

  /** Recent rounds of a game, newest first; digits and seed only once drawn. */
  async issueList(gameId: number, limit = ISSUE_LIST_DEFAULT): Promise<IssueListResponse> {
    await this.game(gameId);
    const rows = await all(
      RecentRoundRow,
      this.db.all(
        `SELECT id, issue, state, draw_at, hash_hex, site_1, site_2, site_3, sum, drawn_at,
                CASE WHEN drawn_at IS NOT NULL AND sum IS NOT NULL THEN seed_hex ELSE NULL END AS revealed_seed
           FROM rounds WHERE game_id = ? AND open_at <= ? ORDER BY open_at DESC LIMIT ?`,
        [gameId, this.clock.now(), limit],
      ),
    );
    return rows.map((r): IssueRow => {
      const triple = tripleOf(r);
      return {
        game_id: gameId,
        issue: r.issue,
        site_1: triple?.[0] ?? null,
        site_2: triple?.[1] ?? null,
        site_3: triple?.[2] ?? null,
        sum: triple ? r.sum : null,
        lottery_code: triple ? lotteryCode(triple) : null,
        hash: r.hash_hex,
        seed: triple ? String(r.revealed_seed) : null,
        state: wireState(r.state),
        drawTime: Math.floor(r.draw_at / 1000),
      };
    });
  }

  /** Drawn rounds for the chart, oldest first. */
  async cand(gameId: number, limit = CAND_DEFAULT): Promise<CandResponse> {
    await this.game(gameId);
    const rows = await all(
      CandRow,
      this.db.all(
        `SELECT issue, site_1, site_2, site_3, sum FROM rounds
          WHERE game_id = ? AND drawn_at IS NOT NULL AND sum IS NOT NULL ORDER BY open_at DESC LIMIT ?`,
        [gameId, limit],
      ),
    );
    return rows.reverse().map((r) => {
      const t = tripleOf(r) ?? [0, 0, 0];
      return { issue: r.issue, cand: r.sum, cand_code: lotteryCode(t) };
    });
  }

  /**
   * Provably fair check of a drawn round: the stored commitment, the revealed seed, the stored digits,
   * and the digits and hash recomputed here from the seed (libs/domain, the same function the draw used).
   */
  async verify(gameId: number, issue: string): Promise<VerifyResponse> {
    const r = await first(
      VerifyRow,
      this.db.all(
        `SELECT game_id, issue, hash_hex, site_1, site_2, site_3, sum, drawn_at,
                CASE WHEN drawn_at IS NOT NULL AND sum IS NOT NULL THEN seed_hex ELSE NULL END AS revealed_seed
           FROM rounds WHERE game_id = ? AND issue = ?`,
        [gameId, issue],
      ),
    );
    if (r === undefined) throw new ApiError('ROUND_NOT_FOUND');
    const triple = tripleOf(r);
    const seed = r.revealed_seed;
    if (triple === null || seed === null) throw new ApiError('ROUND_NOT_DRAWN');
    const hash = r.hash_hex;
    const recomputedHash = hashSeedHex(seed);
    const d = drawFromSeed(seed, gameId, issue);
    const recomputed: WireTriple = [d.triple[0], d.triple[1], d.triple[2]];
    const hashOk = recomputedHash === hash;
    return {
      game_id: gameId,
      issue,
      hash,
      seed,
      triple,
      recomputed,
      recomputed_hash: recomputedHash,
      hash_ok: hashOk,
      ok: hashOk && recomputed.every((v, i) => v === triple[i]) && d.sum === r.sum,
    };
  }

  private async game(gameId: number): Promise<void> {
    if (!(await this.catalog.get()).games.has(gameId)) throw new ApiError('GAME_NOT_FOUND');
  }
}

function tierOf(p: CatalogPlan): PlanTier {
  return (PLAN_TIERS as readonly string[]).includes(p.tier) ? (p.tier as PlanTier) : 'basic';
}

/** The stored digits of a drawn round, else null. */
export function tripleOf(r: { site_1: number | null; site_2: number | null; site_3: number | null; sum: number | null }): WireTriple | null {
  const { site_1: a, site_2: b, site_3: c } = r;
  if (a === null || b === null || c === null || r.sum === null) return null;
  return [a, b, c];
}

/** The wire knows open, closed, drawn and void: a settled round is a drawn one to players. */
function wireState(s: string): WireRoundState {
  if (s === 'settled') return 'drawn';
  if (s === 'open' || s === 'closed' || s === 'drawn' || s === 'void') return s;
  return 'closed';
}
