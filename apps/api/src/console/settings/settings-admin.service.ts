import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SETTINGS, isUniqueViolation, SettingChangeEntity, SettingEntity, StaffEntity, TxRunner } from '@sum28/database';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { type SettingKey, SettingsService } from '../../settings/settings.service';
import { CSV_BOM, csvLine } from '../list/csv';
import { type ListParams, type ListSpec, parseList } from '../list/list-query';
import type { CsvDoc, Page } from '../list/list.service';
import { Clock } from '../../common/clock';
import { assertApproverIndependent } from '../../wallet/approvals.service';
import { SETTING_RULES, settingId, TWO_PERSON_SETTINGS } from './setting-rules';

export interface SettingView {
  /** the key, without `_minor` for money */
  id: string;
  value: unknown;
  kind: string;
  description: string;
  editable: boolean;
  updated_at: number | null;
  /** a change is a request that a different superadmin approves before it applies (a money control) */
  two_person: boolean;
  /** the change waiting for that approval, or null */
  pending: PendingSettingChange | null;
}

export interface PendingSettingChange {
  change_id: number;
  /** the requested value, shown as `value` is */
  value: unknown;
  requested_by: number;
  requested_by_name: string | null;
  requested_at: number;
}

/** What a change request answers: the setting as it now stands, and whether the change applied or waits. */
export type SettingUpdate = SettingView & { applied: boolean };

const PENDING = 'pending';

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
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** The stored keys: those the system reads (the seed's defaults). */
  private keys(): string[] {
    return Object.keys(DEFAULT_SETTINGS);
  }

  private async all(m: EntityManager = this.ds.manager): Promise<SettingView[]> {
    const rows = new Map((await m.find(SettingEntity)).map((r) => [r.key, r]));
    const pending = new Map((await m.find(SettingChangeEntity, { where: { status: PENDING } })).map((c) => [c.key, c]));
    const requesters = [...new Set([...pending.values()].map((c) => c.requested_by))];
    const names = new Map(
      requesters.length === 0
        ? []
        : (await m.find(StaffEntity, { where: { id: In(requesters) }, select: { id: true, username: true } })).map((s) => [s.id, s.username]),
    );
    return this.keys().map((key) => {
      const rule = SETTING_RULES[key];
      const row = rows.get(key);
      const stored = row ? row.value : DEFAULT_SETTINGS[key];
      const change = pending.get(key);
      return {
        id: settingId(key),
        value: rule ? rule.show(stored) : stored,
        kind: rule?.kind ?? 'json',
        description: rule?.description ?? 'read-only here',
        editable: rule !== undefined,
        updated_at: row?.updated_at ?? null,
        two_person: TWO_PERSON_SETTINGS.has(key),
        pending:
          change === undefined
            ? null
            : {
                change_id: change.id,
                value: rule ? rule.show(change.value) : change.value,
                requested_by: change.requested_by,
                requested_by_name: names.get(change.requested_by) ?? null,
                requested_at: change.requested_at,
              },
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

  /**
   * Checks the value by the key's rule. A money control (TWO_PERSON_SETTINGS) becomes a pending change that a
   * different superadmin approves (`approve`); it replaces an earlier pending change of the same key, and a value equal
   * to the current one changes nothing. Any other key is stored at once through SettingsService (its cache drops),
   * with the audit row in that transaction.
   */
  async update(actor: StaffActor, id: string, value: unknown, bodyId?: string): Promise<SettingUpdate> {
    if (bodyId !== undefined && bodyId !== id)
      throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'differs from the path' }, { id: 'differs from the path' });
    const key = this.keyOf(id);
    const rule = SETTING_RULES[key];
    if (!rule) throw new ApiError('VALIDATION_FAILED', { field: 'value', reason: 'read-only' }, { value: 'this setting is read-only here' });
    const stored = rule.parse(value);
    if (TWO_PERSON_SETTINGS.has(key)) return this.request(actor, key, stored);
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
    return { ...(await this.get(id)), applied: true };
  }

  /** A money control's change, recorded as pending (the audit row `setting.request` in the same transaction). */
  private async request(actor: StaffActor, key: string, stored: unknown): Promise<SettingUpdate> {
    const now = this.clock.now();
    let waits = false;
    try {
      await this.tx.write(async (m) => {
        const current = (await m.findOne(SettingEntity, { where: { key } }))?.value ?? DEFAULT_SETTINGS[key];
        const earlier = await m.findOne(SettingChangeEntity, { where: { key, status: PENDING } });
        if (earlier !== null)
          await m.update(SettingChangeEntity, { id: earlier.id, status: PENDING }, { status: 'superseded', decided_by: actor.id, decided_at: now });
        if (JSON.stringify(current) === JSON.stringify(stored)) {
          if (earlier !== null)
            await this.audit.record(m, actor, {
              action: 'setting.withdraw',
              targetType: 'setting',
              targetId: key,
              before: { change_id: earlier.id, value: earlier.value },
              reason: 'the value requested is the current one',
            });
          return;
        }
        waits = true;
        const change = await m.save(SettingChangeEntity, {
          key,
          value: stored,
          requested_by: actor.id,
          requested_at: now,
          status: PENDING,
          decided_by: null,
          decided_at: null,
          reason: null,
        });
        await this.audit.record(m, actor, {
          action: 'setting.request',
          targetType: 'setting',
          targetId: key,
          before: { key, value: current },
          after: { key, value: stored, change_id: change.id, replaces: earlier?.id ?? null },
        });
      });
    } catch (e) {
      // Two requests for one key at once: the one pending change per key (a partial UNIQUE index) keeps one.
      if (isUniqueViolation(e)) throw new ApiError('CONFLICT');
      throw e;
    }
    // A value equal to the one in force changes nothing: it is what applies.
    return { ...(await this.get(settingId(key))), applied: !waits };
  }

  /** The pending change `changeId` of `key`, locked for the rest of the transaction (NOT_FOUND, ALREADY_RESOLVED). */
  private async pendingChange(m: EntityManager, key: string, changeId: number): Promise<SettingChangeEntity> {
    await this.tx.lockRow(m, 'setting_changes', changeId);
    const change = await m.findOne(SettingChangeEntity, { where: { id: changeId, key } });
    if (change === null) throw new ApiError('NOT_FOUND');
    if (change.status !== PENDING) throw new ApiError('ALREADY_RESOLVED');
    return change;
  }

  /**
   * A second superadmin approves the pending change `changeId` of setting `id`: not the requester (MAKER_CHECKER), not
   * an account the requester created or changed in the last 24 hours (APPROVER_SET_UP_BY_PARTY); the value is stored,
   * the change marked applied and the audit row `setting.approve` written in one transaction.
   */
  async approve(actor: StaffActor, id: string, changeId: number): Promise<SettingUpdate> {
    const key = this.keyOf(id);
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      const change = await this.pendingChange(m, key, changeId);
      if (change.requested_by === actor.id) throw new ApiError('MAKER_CHECKER');
      await assertApproverIndependent(m, actor.id, [change.requested_by], now, this.cfg.schedule.tz);
      const before = (await m.findOne(SettingEntity, { where: { key } }))?.value ?? DEFAULT_SETTINGS[key];
      const moved = await m.update(SettingChangeEntity, { id: changeId, status: PENDING }, { status: 'applied', decided_by: actor.id, decided_at: now });
      if (moved.affected !== 1) throw new ApiError('ALREADY_RESOLVED');
      await this.settings.setIn(m, key as SettingKey, change.value as never);
      await this.audit.record(m, actor, {
        action: 'setting.approve',
        targetType: 'setting',
        targetId: key,
        before: { key, value: before },
        after: { key, value: change.value, change_id: change.id, requested_by: change.requested_by },
      });
    });
    return { ...(await this.get(id)), applied: true };
  }

  /** A superadmin rejects a pending change, or its requester withdraws it: nothing changes but the change's status. */
  async reject(actor: StaffActor, id: string, changeId: number, reason: string): Promise<SettingUpdate> {
    const key = this.keyOf(id);
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      const change = await this.pendingChange(m, key, changeId);
      const own = change.requested_by === actor.id;
      if (!own && actor.role !== 'superadmin') throw new ApiError('FORBIDDEN');
      await m.update(
        SettingChangeEntity,
        { id: changeId, status: PENDING },
        { status: 'rejected', decided_by: actor.id, decided_at: now, reason: reason || null },
      );
      await this.audit.record(m, actor, {
        action: own ? 'setting.withdraw' : 'setting.reject',
        targetType: 'setting',
        targetId: key,
        before: { change_id: change.id, value: change.value, requested_by: change.requested_by },
        reason,
      });
    });
    return { ...(await this.get(id)), applied: false };
  }
}
