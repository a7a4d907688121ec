import { GameEntity, OddsEntity, PlanEntity } from '@sum28/database';
import { ALL_PLAY_TYPES, isPlayType, LOCALES, minorToMajor, oddsMilliToDecimal, PLAN_TIERS } from '@sum28/domain';
import { ApiError } from '../../common/api-error';
import { SINGLE_LINE } from '../common/fields';
import type { CrudDef } from '../common/crud.service';
import { oddsFigures } from '../common/money';

/** Names per locale as the console edits them: `{ tw, zh, en, jp, kor }`, each optional. */
export type LocaleNames = Partial<Record<string, string>>;

/**
 * A console value for a per-locale name column: an object of at least one locale (tw, zh, en, jp, kor)
 * to a single-line text of 1..64 characters; it replaces the stored names. Anything else: 400 naming
 * the field.
 */
export function parseLocaleNames(field: string, v: unknown): LocaleNames | undefined {
  if (v === undefined) return undefined;
  const bad = (reason: string): ApiError => new ApiError('VALIDATION_FAILED', { field, reason }, { [field]: reason });
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad(`an object of locale: text (${LOCALES.join(', ')})`);
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) throw bad(`at least one locale (${LOCALES.join(', ')})`);
  const out: LocaleNames = {};
  for (const [locale, text] of entries) {
    if (!(LOCALES as readonly string[]).includes(locale)) throw bad(`unknown locale ${locale.slice(0, 10)} (one of ${LOCALES.join(', ')})`);
    if (typeof text !== 'string' || text.trim().length < 1 || text.length > 64 || !SINGLE_LINE.test(text))
      throw bad(`${locale}: a single-line text of 1..64 characters`);
    out[locale] = text.trim();
  }
  return out;
}

export interface GameView {
  id: number;
  name: string;
  sort: number;
  enabled: boolean;
  /** the name per locale (the player API falls back to tw, then `name`) */
  names: LocaleNames;
}

export const GAMES: CrudDef<GameEntity, GameView> = {
  entity: GameEntity,
  type: 'game',
  notFound: 'GAME_NOT_FOUND',
  view: (g) => ({ id: g.id, name: g.name, sort: g.sort, enabled: g.enabled, names: g.names ?? {} }),
  csvColumns: ['id', 'name', 'sort', 'enabled'],
  list: {
    resource: 'games',
    fields: {
      id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
      name: { column: 'name', kind: 'string', sortable: true },
      sort: { column: 'sort', kind: 'int', sortable: true },
      enabled: { column: 'enabled', kind: 'bool', sortable: true, filter: 'eq' },
    },
    search: ['name'],
    defaultSort: ['sort', 'ASC'],
  },
};

export interface PlanView {
  id: number;
  game_id: number;
  title: string;
  tier: string;
  join_limit: number;
  sort: number;
  enabled: boolean;
  /** the title per locale (the player API falls back to tw, then `title`) */
  titles: LocaleNames;
}

export const PLANS: CrudDef<PlanEntity, PlanView> = {
  entity: PlanEntity,
  type: 'plan',
  notFound: 'PLAN_NOT_FOUND',
  view: (p) => ({
    id: p.id,
    game_id: p.game_id,
    title: p.title,
    tier: p.tier,
    join_limit: minorToMajor(p.join_limit_minor),
    sort: p.sort,
    enabled: p.enabled,
    titles: p.titles ?? {},
  }),
  csvColumns: ['id', 'game_id', 'title', 'tier', 'join_limit', 'sort', 'enabled'],
  list: {
    resource: 'plans',
    fields: {
      id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
      game_id: { column: 'game_id', kind: 'int', sortable: true, filter: 'eq' },
      title: { column: 'title', kind: 'string', sortable: true },
      tier: { column: 'tier', kind: 'string', sortable: true, filter: 'eq', values: PLAN_TIERS },
      join_limit: { column: 'join_limit_minor', kind: 'money', sortable: true },
      sort: { column: 'sort', kind: 'int', sortable: true },
      enabled: { column: 'enabled', kind: 'bool', sortable: true, filter: 'eq' },
    },
    search: ['title'],
    defaultSort: ['id', 'ASC'],
  },
};

export interface OddsView {
  id: number;
  plan_id: number;
  play_type: string;
  /** decimal odds, e.g. 1.94 */
  odds: number;
  /** return to player of this odds, percent with 2 places (97 = 97.00%) */
  rtp_percent: number;
  /** odds at 100% RTP (the ceiling; above it is refused) */
  fair_odds: number;
  updated_at: number;
}

export const ODDS: CrudDef<OddsEntity, OddsView> = {
  entity: OddsEntity,
  type: 'odds',
  view: (o) => ({
    id: o.id,
    plan_id: o.plan_id,
    play_type: o.play_type,
    odds: oddsMilliToDecimal(o.odds_milli),
    ...(isPlayType(o.play_type) ? oddsFigures(o.play_type, o.odds_milli) : { rtp_percent: 0, fair_odds: 0 }),
    updated_at: o.updated_at,
  }),
  csvColumns: ['id', 'plan_id', 'play_type', 'odds', 'rtp_percent', 'fair_odds', 'updated_at'],
  list: {
    resource: 'odds',
    fields: {
      id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
      plan_id: { column: 'plan_id', kind: 'int', sortable: true, filter: 'eq' },
      play_type: { column: 'play_type', kind: 'string', sortable: true, filter: 'eq', values: ALL_PLAY_TYPES },
      odds: { column: 'odds_milli', kind: 'int', sortable: true },
      updated_at: { column: 'updated_at', kind: 'time', sortable: true },
    },
    defaultSort: ['id', 'ASC'],
  },
};
