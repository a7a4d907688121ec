import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SETTINGS, SettingEntity } from '@sum28/database';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { type SettingKey, SettingsService } from '../../settings/settings.service';
import { CSV_BOM, csvLine } from '../list/csv';
import { type ListParams, type ListSpec, parseList } from '../list/list-query';
import type { CsvDoc, Page } from '../list/list.service';
import { SETTING_RULES, settingId } from './setting-rules';

export interface SettingView {
  /** the key, without `_minor` for money */
  id: string;
  value: unknown;
  kind: string;
  description: string;
  editable: boolean;
  updated_at: number | null;
}

const SETTINGS_LIST: ListSpec = {
  resource: 'settings',
  fields: { id: { column: 'id', kind: 'string', sortable: true, filter: 'eq' } },
  search: ['id'],
  defaultSort: ['id', 'ASC'],
};

/** Operator settings (id = key): every key the system reads, each checked by its rule before it is stored. */
@Injectable()
export class SettingsAdminService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** The stored keys: those the system reads (the seed's defaults). */
  private keys(): string[] {
    return Object.keys(DEFAULT_SETTINGS);
  }

  private async all(m: EntityManager = this.ds.manager): Promise<SettingView[]> {
    const rows = new Map((await m.find(SettingEntity)).map((r) => [r.key, r]));
    return this.keys().map((key) => {
      const rule = SETTING_RULES[key];
      const row = rows.get(key);
      const stored = row ? row.value : DEFAULT_SETTINGS[key];
      return {
        id: settingId(key),
        value: rule ? rule.show(stored) : stored,
        kind: rule?.kind ?? 'json',
        description: rule?.description ?? 'read-only here',
        editable: rule !== undefined,
        updated_at: row?.updated_at ?? null,
      };
    });
  }

  private filtered(views: SettingView[], q: ListParams): { rows: SettingView[]; start: number; end: number } {
    const p = parseList(SETTINGS_LIST, q, this.cfg.schedule.tz);
    let rows = p.empty ? [] : views;
    for (const e of p.eq) rows = rows.filter((v) => e.values.includes(v.id));
    if (p.search !== null) {
      const needle = p.search.toLowerCase();
      rows = rows.filter((v) => v.id.includes(needle));
    }
    rows = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (p.sort.dir === 'ASC' ? 1 : -1));
    return { rows, start: p.start, end: p.end };
  }

  async list(q: ListParams): Promise<Page<SettingView>> {
    const { rows, start, end } = this.filtered(await this.all(), q);
    return { resource: 'settings', rows: rows.slice(start, end + 1), total: rows.length, start };
  }

  async csv(q: ListParams): Promise<CsvDoc> {
    const { rows } = this.filtered(await this.all(), q);
    let body = CSV_BOM + csvLine(['id', 'value', 'kind', 'editable', 'updated_at']);
    for (const r of rows) body += csvLine([r.id, r.value, r.kind, r.editable, r.updated_at]);
    return { resource: 'settings', body, rows: rows.length, truncated: false };
  }

  private keyOf(id: string): string {
    const key = this.keys().find((k) => settingId(k) === id);
    if (key === undefined) throw new ApiError('NOT_FOUND');
    return key;
  }

  async get(id: string): Promise<SettingView> {
    const key = this.keyOf(id);
    const found = (await this.all()).find((v) => v.id === settingId(key));
    if (!found) throw new ApiError('NOT_FOUND');
    return found;
  }

  /** Checks the value by the key's rule, stores it through SettingsService (its cache drops) with the audit row in that transaction. */
  async update(actor: StaffActor, id: string, value: unknown, bodyId?: string): Promise<SettingView> {
    if (bodyId !== undefined && bodyId !== id)
      throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'differs from the path' }, { id: 'differs from the path' });
    const key = this.keyOf(id);
    const rule = SETTING_RULES[key];
    if (!rule) throw new ApiError('VALIDATION_FAILED', { field: 'value', reason: 'read-only' }, { value: 'this setting is read-only here' });
    const stored = rule.parse(value);
    const snap = async (m: EntityManager): Promise<unknown> => ({
      key,
      value: (await m.findOne(SettingEntity, { where: { key } }))?.value ?? DEFAULT_SETTINGS[key],
    });
    await this.audit.capture(
      {
        actor,
        entry: { action: 'setting.update', targetType: 'setting', targetId: key },
        before: snap,
        after: snap,
        unchanged: (b, a) => JSON.stringify(b) === JSON.stringify(a),
      },
      () => this.settings.set(key as SettingKey, stored as never),
    );
    return this.get(id);
  }
}
