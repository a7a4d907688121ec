import { Injectable } from '@nestjs/common';
import { StaffEntity, StaffSessionEntity } from '@sum28/database';
import { DataSource, type EntityManager } from 'typeorm';
import { hashToken, newToken } from '../../auth/tokens';
import { ApiError } from '../../common/api-error';
import { Clock } from '../../common/clock';
import type { StaffContext } from '../permission';
import { isRole } from '../roles';

/** A console session lasts one working day; signing in again is cheap. */
export const STAFF_SESSION_TTL_MS = 12 * 3600_000;

/** Staff sessions: opaque random bearer tokens, only their SHA-256 stored, revocable. */
@Injectable()
export class StaffSessionService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Inside the caller's write transaction. Answers the token (shown once). */
  async create(m: EntityManager, staffId: number, ip: string, deviceHash: string | null): Promise<{ token: string; expiresAt: number }> {
    const { token, hash } = newToken();
    const now = this.clock.now();
    const expiresAt = now + STAFF_SESSION_TTL_MS;
    await m.insert(StaffSessionEntity, {
      staff_id: staffId,
      token_hash: hash,
      ip: ip.slice(0, 64),
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      device_hash: deviceHash,
    });
    return { token, expiresAt };
  }

  /** True when the staff member has ever signed in from this IP or this device: the sign-in throttle's "known place". */
  async hasSignedInFrom(staffId: number | undefined, ip: string, deviceHash: string | null): Promise<boolean> {
    const staff_id = staffId ?? 0;
    return this.ds.getRepository(StaffSessionEntity).exists({
      where: [
        { staff_id, ip: ip.slice(0, 64) },
        { staff_id, device_hash: deviceHash ?? '' },
      ],
    });
  }

  /** 401 for a missing, unknown (SESSION_INVALID), revoked (SESSION_REPLACED) or expired (SESSION_EXPIRED) token; 403 for a disabled account. */
  async authenticate(token: string | undefined): Promise<StaffContext> {
    if (token === undefined) throw new ApiError('SESSION_INVALID');
    const session = await this.ds.getRepository(StaffSessionEntity).findOne({ where: { token_hash: hashToken(token) } });
    if (!session) throw new ApiError('SESSION_INVALID');
    if (session.revoked_at !== null) throw new ApiError('SESSION_REPLACED');
    if (session.expires_at <= this.clock.now()) throw new ApiError('SESSION_EXPIRED');
    const staff = await this.ds.getRepository(StaffEntity).findOne({ where: { id: session.staff_id } });
    if (!staff) throw new ApiError('SESSION_INVALID');
    if (!staff.enabled) throw new ApiError('STAFF_DISABLED');
    const role = staff.role;
    if (!isRole(role)) throw new ApiError('FORBIDDEN', { reason: 'unknown role' });
    return { staff: Object.assign(staff, { role }), sessionId: session.id };
  }

  async revoke(m: EntityManager, sessionId: number): Promise<number> {
    const r = await m
      .createQueryBuilder()
      .update(StaffSessionEntity)
      .set({ revoked_at: this.clock.now() })
      .where('id = :sessionId AND revoked_at IS NULL', { sessionId })
      .execute();
    return r.affected ?? 0;
  }

  /** Ends every live session of a staff member (disabled, password changed, deleted), but `keep` when given. */
  async revokeAllOf(m: EntityManager, staffId: number, keep?: number): Promise<number> {
    const r = await m
      .createQueryBuilder()
      .update(StaffSessionEntity)
      .set({ revoked_at: this.clock.now() })
      .where('staff_id = :staffId AND revoked_at IS NULL AND id <> :keep', { staffId, keep: keep ?? 0 })
      .execute();
    return r.affected ?? 0;
  }
}
