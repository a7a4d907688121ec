import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ReadDb } from '../rounds/read-db';
import { bool, int, type Row } from '../rounds/sql';

export interface CatalogGame {
  id: number;
  name: string;
  sort: number;
  enabled: boolean;
}

export interface CatalogPlan {
  id: number;
  gameId: number;
  title: string;
  tier: string;
  joinLimitMinor: number;
  sort: number;
  enabled: boolean;
}

export interface Catalog {
  games: Map<number, CatalogGame>;
  plans: Map<number, CatalogPlan>;
}

/** Games and rooms change rarely (console edits): read paths reuse them this long. Betting reads the database itself. */
export const CATALOG_TTL_MS = 2000;

/** Games (lines) and plans (rooms) for the read-only player calls, cached briefly. */
@Injectable()
export class CatalogService {
  private cached: { at: number; value: Promise<Catalog> } | null = null;

  constructor(
    private readonly db: ReadDb,
    private readonly clock: Clock,
  ) {}

  get(): Promise<Catalog> {
    const now = this.clock.now();
    if (this.cached && now - this.cached.at >= 0 && now - this.cached.at < CATALOG_TTL_MS) return this.cached.value;
    const value = this.load();
    this.cached = { at: now, value };
    value.catch(() => (this.cached = null));
    return value;
  }

  private async load(): Promise<Catalog> {
    const games = (await this.db.all(`SELECT id, name, sort, enabled FROM games ORDER BY sort, id`)) as Row[];
    const plans = (await this.db.all(`SELECT id, game_id, title, tier, join_limit_minor, sort, enabled FROM plans ORDER BY game_id, sort, id`)) as Row[];
    return {
      games: new Map(
        games.map((g) => [int(g['id']), { id: int(g['id']), name: String(g['name']), sort: int(g['sort']), enabled: bool(g['enabled']) }] as const),
      ),
      plans: new Map(
        plans.map(
          (p) =>
            [
              int(p['id']),
              {
                id: int(p['id']),
                gameId: int(p['game_id']),
                title: String(p['title']),
                tier: String(p['tier']),
                joinLimitMinor: int(p['join_limit_minor']),
                sort: int(p['sort']),
                enabled: bool(p['enabled']),
              },
            ] as const,
        ),
      ),
    };
  }
}
