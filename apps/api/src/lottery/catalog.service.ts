import { Injectable } from '@nestjs/common';
import { DEFAULT_LOCALE, isLocale, labelNamesAnotherCode, type Locale, playTypeLabel, tierLabel } from '@sum28/contracts';
import { Clock } from '../common/clock';
import { ReadDb } from '../common/db/read-db';
import { all, bool, first, int, raw, rowOf, str } from '../common/db/sql';

export interface CatalogGame {
  id: number;
  name: string;
  sort: number;
  enabled: boolean;
  /** Per-locale names set in the console (or by the seed). */
  names: Partial<Record<string, string>>;
}

export interface CatalogPlan {
  id: number;
  gameId: number;
  title: string;
  tier: string;
  joinLimitMinor: number;
  sort: number;
  enabled: boolean;
  /** Per-locale titles set in the console (or by the seed). */
  titles: Partial<Record<string, string>>;
}

/** The console's overrides of category and tier names: locale -> code -> name (setting `catalog_labels`). */
export type CatalogLabelOverrides = Partial<Record<string, Partial<Record<string, string>>>>;

export interface Catalog {
  games: Map<number, CatalogGame>;
  plans: Map<number, CatalogPlan>;
  labels: CatalogLabelOverrides;
}

function localeOf(lang: string | undefined): Locale {
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** A name in `lang`, else in tw, else the base column. */
function pick(names: Partial<Record<string, string>>, lang: string | undefined, base: string): string {
  return names[localeOf(lang)] || names[DEFAULT_LOCALE] || base;
}

/** A game's (line's) name in the caller's language. */
export function gameName(c: Catalog, gameId: number, lang: string | undefined, fallback = ''): string {
  const g = c.games.get(gameId);
  return g === undefined ? fallback : pick(g.names, lang, g.name);
}

/** A room's title in the caller's language. */
export function planTitle(c: Catalog, planId: number, lang: string | undefined, fallback = ''): string {
  const p = c.plans.get(planId);
  return p === undefined ? fallback : pick(p.titles, lang, p.title);
}

/** A category's (play type's) name in the caller's language: the console's override, else the built-in one. */
export function playMethodName(c: Catalog, code: string, lang: string | undefined): string {
  return c.labels[localeOf(lang)]?.[code] || playTypeLabel(localeOf(lang), code);
}

/** A room tier's name in the caller's language: the console's override, else the built-in one. */
export function tierName(c: Catalog, tier: string, lang: string | undefined): string {
  return c.labels[localeOf(lang)]?.[tier] || tierLabel(localeOf(lang), tier);
}

/** A JSON object as stored in a text column (PostgreSQL and SQLite give text), else null. */
function jsonObject(v: unknown): Record<string, unknown> | null {
  let o: unknown = v;
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  }
  return o !== null && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : null;
}

/** The string entries of a stored JSON object (anything else is ignored). */
function stringMap(v: unknown): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const [k, x] of Object.entries(jsonObject(v) ?? {})) if (typeof x === 'string') out[k] = x;
  return out;
}

/** The stored `catalog_labels` setting: locale -> code -> name; malformed parts are ignored. */
function labelOverrides(v: unknown): CatalogLabelOverrides {
  const all: Record<string, Record<string, string>> = {};
  for (const [locale, m] of Object.entries(jsonObject(v) ?? {})) all[locale] = stringMap(m) as Record<string, string>;
  // One stored before the rule that refuses them: a label naming another category is not shown (the built-in one is).
  const out: CatalogLabelOverrides = {};
  for (const [locale, m] of Object.entries(all))
    out[locale] = Object.fromEntries(Object.entries(m).filter(([code, name]) => labelNamesAnotherCode(code, name, all) === null));
  return out;
}

/** A game (line) with its per-locale names (JSON text). */
const GameRow = rowOf({ id: int, name: str, sort: int, enabled: bool, names: raw });

/** A plan (room) with its per-locale titles (JSON text). */
const PlanRow = rowOf({ id: int, game_id: int, title: str, tier: str, join_limit_minor: int, sort: int, enabled: bool, titles: raw });

/** The stored `catalog_labels` setting (JSON text). */
const LabelsRow = rowOf({ value: raw });

/** Games and rooms change rarely (console edits): read paths reuse them this long. Betting reads the database itself. */
export const CATALOG_TTL_MS = 2000;

/** Games (lines) and plans (rooms) for the read-only player calls, cached briefly. */
@Injectable()
export class CatalogService {
  /** The catalog being read or read (`ready` once it is), from `at`. */
  private cached: { at: number; value: Promise<Catalog>; ready?: Catalog } | null = null;

  constructor(
    private readonly db: ReadDb,
    private readonly clock: Clock,
  ) {}

  get(): Promise<Catalog> {
    const now = this.clock.now();
    const fresh = this.fresh(now);
    if (fresh !== undefined) return fresh.value;
    const value = this.load();
    const entry: { at: number; value: Promise<Catalog>; ready?: Catalog } = { at: now, value };
    this.cached = entry;
    value.then(
      (c) => (entry.ready = c),
      () => (this.cached = null),
    );
    return value;
  }

  /** The catalog `get` would answer, if it is already read (no promise: the heartbeat's path), else undefined. */
  peek(now: number): Catalog | undefined {
    return this.fresh(now)?.ready;
  }

  private fresh(now: number): { value: Promise<Catalog>; ready?: Catalog } | undefined {
    const c = this.cached;
    return c !== null && now - c.at >= 0 && now - c.at < CATALOG_TTL_MS ? c : undefined;
  }

  private async load(): Promise<Catalog> {
    const games = await all(GameRow, this.db.all(`SELECT id, name, sort, enabled, names FROM games ORDER BY sort, id`));
    const plans = await all(
      PlanRow,
      this.db.all(`SELECT id, game_id, title, tier, join_limit_minor, sort, enabled, titles FROM plans ORDER BY game_id, sort, id`),
    );
    const labelRow = await first(LabelsRow, this.db.all(`SELECT value FROM settings WHERE key = 'catalog_labels'`));
    const labels = labelRow === undefined ? {} : labelOverrides(labelRow.value);
    return {
      labels,
      games: new Map(games.map((g) => [g.id, { id: g.id, name: g.name, sort: g.sort, enabled: g.enabled, names: stringMap(g.names) }] as const)),
      plans: new Map(
        plans.map(
          (p) =>
            [
              p.id,
              {
                id: p.id,
                gameId: p.game_id,
                title: p.title,
                tier: p.tier,
                joinLimitMinor: p.join_limit_minor,
                sort: p.sort,
                enabled: p.enabled,
                titles: stringMap(p.titles),
              },
            ] as const,
        ),
      ),
    };
  }
}
