import { Injectable } from '@nestjs/common';
import { DEFAULT_SETTINGS, SettingEntity, TxRunner } from '@sum28/database';
import type { OppositeBetPolicy, TurnoverHedgeRule } from '@sum28/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';

/** Typed operator settings. Defaults live with the seed (database/src/seeds/seed.ts). */
export interface Settings {
  turnover_multiplier_bps: number;
  opposite_bet_policy: OppositeBetPolicy;
  withdraw_two_approver_threshold_minor: number;
  security_code_max_attempts: number;
  security_code_lock_minutes: number;
  currencies: Record<string, number>;
  max_stake_minor: number;
  turnover_hedge_rule: TurnoverHedgeRule;
  security_code_checks_per_minute: number;
  /** '' means the deployment's CS_CHAT_URL */
  cs_chat_url: string;
  /** '' means the deployment's CS_HOURS */
  cs_hours: string;
  /** console overrides of category and tier names: locale -> code -> name */
  catalog_labels: Record<string, Record<string, string>>;
  max_balance_minor: number;
  gift_max_minor: number;
  recharge_max_minor: number;
  withdraw_max_minor: number;
  recharge_two_approver_threshold_minor: number;
  staff_daily_approval_limit_minor: number;
}
export type SettingKey = keyof Settings;

const CACHE_MS = 2000;

/**
 * Reads settings with a short cache (hot paths such as betting read them on every request); a write
 * through this service is visible at once here and within CACHE_MS on other instances.
 */
@Injectable()
export class SettingsService {
  private cache: { at: number; values: Settings } | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
  ) {}

  async all(): Promise<Settings> {
    const now = this.clock.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.values;
    const rows = await this.ds.getRepository(SettingEntity).find();
    const values = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const r of rows) if (r.key in DEFAULT_SETTINGS) values[r.key] = r.value;
    this.cache = { at: now, values: values as unknown as Settings };
    return this.cache.values;
  }

  async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
    return (await this.all())[key];
  }

  /** Writes one setting (validation is the caller's: the console checks each key's rule). */
  async set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
    await this.tx.write((m) => this.setIn(m, key, value));
  }

  /** Writes one setting inside the caller's write transaction (this instance's cache drops at once). */
  async setIn<K extends SettingKey>(m: EntityManager, key: K, value: Settings[K]): Promise<void> {
    const now = this.clock.now();
    const found = await m.findOne(SettingEntity, { where: { key } });
    if (found) await m.update(SettingEntity, { key }, { value, updated_at: now });
    else await m.insert(SettingEntity, { key, value, updated_at: now });
    this.cache = null;
  }
}
