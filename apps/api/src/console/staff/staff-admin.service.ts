import { Injectable } from '@nestjs/common';
import { isUniqueViolation, StaffEntity, StaffSessionEntity, TxRunner } from '@sum28/database';
import { usernameKey, validatePassword } from '@sum28/domain';
import type { EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { PasswordHasher } from '../../auth/password-hasher';
import { ApiError } from '../../common/api-error';
import { assertNotCommonPassword } from '../../common/common-passwords';
import { Clock } from '../../common/clock';
import { StaffSessionService } from '../auth/staff-session.service';
import { staffView, type StaffView } from '../auth/staff-view';
import type { ListParams, ListSpec } from '../list/list-query';
import { type CsvDoc, ListService, type Page } from '../list/list.service';
import { ROLES } from '../roles';
import type { CreateStaffDto, UpdateStaffDto } from './staff.dto';
import { newStaffRow } from './staff-row';

export const STAFF_LIST: ListSpec = {
  resource: 'staff',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    username: { column: 'username', kind: 'string', sortable: true, filter: 'eq' },
    role: { column: 'role', kind: 'string', sortable: true, filter: 'eq', values: ROLES },
    enabled: { column: 'enabled', kind: 'bool', sortable: true, filter: 'eq' },
    totp_enabled: { column: 'totp_enabled', kind: 'bool', filter: 'eq' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
  },
  search: ['username'],
  defaultSort: ['id', 'ASC'],
};

const STAFF_CSV = ['id', 'username', 'role', 'enabled', 'totp_enabled', 'locked_until', 'created_at', 'updated_at'] as const;

function checkPassword(pw: string): void {
  if (!validatePassword(pw).ok)
    throw new ApiError('PASSWORD_INVALID', { min: 10, max: 32 }, { password: 'at least 10 characters, no control characters, not one repeated character' });
  assertNotCommonPassword(pw);
}

/**
 * Staff accounts (superadmin). The last enabled superadmin can be neither deleted, disabled nor demoted,
 * and no superadmin can delete, disable or demote itself (STAFF_SELF_CHANGE).
 */
@Injectable()
export class StaffAdminService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly lists: ListService,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: StaffSessionService,
  ) {}

  list(q: ListParams): Promise<Page<StaffView>> {
    return this.lists.page(StaffEntity, STAFF_LIST, q, (rows) => rows.map(staffView));
  }

  csv(q: ListParams): Promise<CsvDoc> {
    return this.lists.csv(StaffEntity, STAFF_LIST, q, (rows) => rows.map(staffView), STAFF_CSV);
  }

  async get(id: number): Promise<StaffView> {
    return staffView(await this.lists.get(StaffEntity, id));
  }

  async create(actor: StaffActor, dto: CreateStaffDto): Promise<StaffView> {
    checkPassword(dto.password);
    // Unique case-insensitively (`root` is `Root`); the UNIQUE index on lower(username) settles a race.
    const taken = await this.tx.ds
      .getRepository(StaffEntity)
      .createQueryBuilder('s')
      .where('lower(s.username) = :key', { key: usernameKey(dto.username) })
      .getCount();
    if (taken > 0) throw new ApiError('USERNAME_TAKEN', undefined, { username: 'taken' });
    const hash = await this.hasher.hash(dto.password);
    const now = this.clock.now();
    try {
      return await this.tx.write(async (m) => {
        const staff = m.create(StaffEntity, newStaffRow(dto.username, hash, dto.role, now));
        await m.insert(StaffEntity, staff);
        const view = staffView(staff);
        await this.audit.record(m, actor, { action: 'staff.create', targetType: 'staff', targetId: staff.id, after: view });
        return view;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError('USERNAME_TAKEN', undefined, { username: 'taken' });
      throw e;
    }
  }

  /** Locks the enabled superadmins (PostgreSQL) and refuses a change that would leave none. */
  private async assertNotLastSuperadmin(m: EntityManager, target: StaffEntity): Promise<void> {
    if (target.role !== 'superadmin' || !target.enabled) return;
    if (this.tx.kind === 'postgres') await m.query(`SELECT id FROM staff WHERE role = 'superadmin' AND enabled = true ORDER BY id FOR UPDATE`);
    const others = await m
      .getRepository(StaffEntity)
      .createQueryBuilder('s')
      .where('s.role = :role AND s.enabled = :on AND s.id <> :id', { role: 'superadmin', on: true, id: target.id })
      .getCount();
    if (others === 0) throw new ApiError('LAST_SUPERADMIN');
  }

  async update(actor: StaffActor, id: number, dto: UpdateStaffDto): Promise<StaffView> {
    if (dto.id !== undefined && dto.id !== id)
      throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'differs from the path' }, { id: 'differs from the path' });
    if (dto.totp_enabled === true) {
      throw new ApiError('VALIDATION_FAILED', { field: 'totp_enabled', reason: 'only false' }, { totp_enabled: 'staff turn TOTP on themselves (auth/totp)' });
    }
    if (dto.unlock === false) throw new ApiError('VALIDATION_FAILED', { field: 'unlock', reason: 'only true' }, { unlock: 'only true' });
    if (dto.password !== undefined) checkPassword(dto.password);
    const hash = dto.password === undefined ? undefined : await this.hasher.hash(dto.password);
    return this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'staff', id);
      const before = await m.findOne(StaffEntity, { where: { id } });
      if (!before) throw new ApiError('NOT_FOUND');
      const patch: Partial<StaffEntity> = {};
      if (dto.role !== undefined && dto.role !== before.role) patch.role = dto.role;
      if (dto.enabled !== undefined && dto.enabled !== before.enabled) patch.enabled = dto.enabled;
      if (hash !== undefined) patch.password_hash = hash;
      if (dto.totp_enabled === false && (before.totp_enabled || before.totp_secret !== null))
        Object.assign(patch, { totp_enabled: false, totp_secret: null, totp_last_step: null });
      if (dto.unlock === true && (before.locked_until !== null || before.login_failures > 0)) Object.assign(patch, { locked_until: null, login_failures: 0 });
      if (Object.keys(patch).length === 0) return staffView(before);
      if (patch.role !== undefined || patch.enabled === false) await this.assertNotLastSuperadmin(m, before);
      if (id === actor.id && (patch.role !== undefined || patch.enabled === false)) throw new ApiError('STAFF_SELF_CHANGE');
      await m.update(StaffEntity, { id }, { ...patch, updated_at: this.clock.now() });
      const signedOut = patch.enabled === false || patch.password_hash !== undefined ? await this.sessions.revokeAllOf(m, id) : 0;
      const after = await m.findOneByOrFail(StaffEntity, { id });
      await this.audit.record(m, actor, {
        action: 'staff.update',
        targetType: 'staff',
        targetId: id,
        before: staffView(before),
        after: { ...staffView(after), password_changed: patch.password_hash !== undefined, sessions_revoked: signedOut },
      });
      return staffView(after);
    });
  }

  /** Deletes the account and its sessions (its audit rows stay: they name it). */
  async remove(actor: StaffActor, id: number): Promise<StaffView> {
    return this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'staff', id);
      const before = await m.findOne(StaffEntity, { where: { id } });
      if (!before) throw new ApiError('NOT_FOUND');
      await this.assertNotLastSuperadmin(m, before);
      if (id === actor.id) throw new ApiError('STAFF_SELF_CHANGE');
      await m.delete(StaffSessionEntity, { staff_id: id });
      await m.delete(StaffEntity, { id });
      const view = staffView(before);
      await this.audit.record(m, actor, { action: 'staff.delete', targetType: 'staff', targetId: id, before: view });
      return view;
    });
  }
}
