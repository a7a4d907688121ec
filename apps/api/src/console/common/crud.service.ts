import { Injectable } from '@nestjs/common';
import type { ErrorCode } from '@sum28/contracts';
import { isUniqueViolation, TxRunner } from '@sum28/database';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { ApiError } from '../../common/api-error';
import type { ListParams, ListSpec } from '../list/list-query';
import { type CsvDoc, ListService, type Page } from '../list/list.service';

/** A plain table edited from the console (games, plans, odds, banners, articles, notices). */
export interface CrudDef<E extends ObjectLiteral, V extends object> {
  entity: EntityTarget<E>;
  /** audit target type and action prefix, e.g. `banner` -> `banner.create` */
  type: string;
  list: ListSpec;
  view: (e: E) => V;
  csvColumns: ReadonlyArray<keyof V & string>;
  notFound?: ErrorCode;
}

type Check<E> = (m: EntityManager, row: E) => Promise<void>;

/** List, show, export, create, update and delete with the audit row in the same transaction. */
@Injectable()
export class CrudService {
  constructor(
    private readonly tx: TxRunner,
    private readonly lists: ListService,
    private readonly audit: AuditService,
  ) {}

  list<E extends ObjectLiteral, V extends object>(def: CrudDef<E, V>, q: ListParams): Promise<Page<V>> {
    return this.lists.page(def.entity, def.list, q, (rows) => rows.map(def.view));
  }

  csv<E extends ObjectLiteral, V extends object>(def: CrudDef<E, V>, q: ListParams): Promise<CsvDoc> {
    return this.lists.csv(def.entity, def.list, q, (rows) => rows.map(def.view), def.csvColumns);
  }

  async get<E extends ObjectLiteral, V extends object>(def: CrudDef<E, V>, id: number): Promise<V> {
    return def.view(await this.lists.get(def.entity, id, def.notFound));
  }

  private async lock<E extends ObjectLiteral, V extends object>(m: EntityManager, def: CrudDef<E, V>, id: number): Promise<E> {
    await this.tx.lockRow(m, m.getRepository(def.entity).metadata.tableName, id);
    const row = await m.findOne(def.entity, { where: { id } as never });
    if (!row) throw new ApiError(def.notFound ?? 'NOT_FOUND');
    return row;
  }

  /** Inserts `values` (after `check`), answers the created record. A duplicate natural key is 409. */
  async create<E extends ObjectLiteral, V extends object>(
    def: CrudDef<E, V>,
    actor: StaffActor,
    values: Partial<E>,
    check?: (m: EntityManager) => Promise<void>,
    afterInsert?: (m: EntityManager, row: E) => Promise<void>,
  ): Promise<V> {
    try {
      return await this.tx.write(async (m) => {
        await check?.(m);
        const res = await m.insert(def.entity, values as never);
        const id = Number(res.identifiers[0]?.['id'] ?? (values as { id?: number }).id);
        const row = await m.findOneOrFail(def.entity, { where: { id } as never });
        await afterInsert?.(m, row);
        const view = def.view(row);
        await this.audit.record(m, actor, { action: `${def.type}.create`, targetType: def.type, targetId: id, after: view });
        return view;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError('CONFLICT', { reason: 'already exists' });
      throw e;
    }
  }

  /**
   * Applies the fields of `patch` that differ (objects, e.g. per-locale texts, compare by their JSON); no change, no
   * write and no audit row. `patch` may be made from the locked row (a field that follows another one).
   */
  async update<E extends ObjectLiteral, V extends object>(
    def: CrudDef<E, V>,
    actor: StaffActor,
    id: number,
    patch: Partial<E> | ((before: E) => Partial<E>),
    check?: Check<E>,
    /** written only along with a real change (e.g. updated_at) */
    touch: Partial<E> = {},
  ): Promise<V> {
    try {
      return await this.tx.write(async (m) => {
        const before = await this.lock(m, def, id);
        await check?.(m, before);
        const values = typeof patch === 'function' ? patch(before) : patch;
        const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && !sameValue(before[k], v)));
        if (Object.keys(changed).length === 0) return def.view(before);
        await m.update(def.entity, { id } as never, { ...changed, ...touch } as never);
        const after = await m.findOneOrFail(def.entity, { where: { id } as never });
        const view = def.view(after);
        await this.audit.record(m, actor, { action: `${def.type}.update`, targetType: def.type, targetId: id, before: def.view(before), after: view });
        return view;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError('CONFLICT', { reason: 'already exists' });
      throw e;
    }
  }

  /** Deletes after `check` (which refuses rows still in use); answers the deleted record. */
  async remove<E extends ObjectLiteral, V extends object>(def: CrudDef<E, V>, actor: StaffActor, id: number, check?: Check<E>): Promise<V> {
    return this.tx.write(async (m) => {
      const before = await this.lock(m, def, id);
      await check?.(m, before);
      await m.delete(def.entity, { id } as never);
      const view = def.view(before);
      await this.audit.record(m, actor, { action: `${def.type}.delete`, targetType: def.type, targetId: id, before: view });
      return view;
    });
  }
}

/** 400 when a PUT body's optional `id` is not the path's. */
export function assertSameId(pathId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId)
    throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'differs from the path' }, { id: 'differs from the path' });
}

/** A stored value equals a new one: objects (JSON columns) by their JSON, the rest by identity. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
