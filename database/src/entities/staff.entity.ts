import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, JsonTextColumn } from '../columns';

/** A console user. role: support | finance | operator | superadmin. */
@Entity('staff')
/**
 * Usernames are unique case-insensitively (`Abc` and `ABC` are one name): a UNIQUE index on
 * lower(username), the same DDL on SQLite and PostgreSQL (usernames are ASCII, so both lower() agree).
 * TypeORM cannot describe an expression index; it is created by the CaseInsensitiveUsernames
 * migrations and declared here with `synchronize: false` so the schema check leaves it alone.
 */
@Index('uq_staff_username_ci', { synchronize: false })
export class StaffEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index('uq_staff_username', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  username!: string;
  @Column({ type: 'varchar', length: 255 }) password_hash!: string;
  @Column({ type: 'varchar', length: 16 }) role!: string;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  /** base32 TOTP secret (RFC 6238); pending until `totp_enabled` is set by a valid code */
  @Column({ type: 'varchar', length: 64, nullable: true }) totp_secret!: string | null;
  @Column({ type: 'boolean', default: false }) totp_enabled!: boolean;
  /** the last accepted 30-second step, so a code is accepted at most once */
  @BigIntColumn({ nullable: true }) totp_last_step!: number | null;
  @Column({ type: 'integer', default: 0 }) login_failures!: number;
  @BigIntColumn({ nullable: true }) locked_until!: number | null;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() updated_at!: number;
}

@Entity('staff_sessions')
@Index('ix_staff_sessions_staff', ['staff_id'])
@Index('ix_staff_sessions_device', ['staff_id', 'device_hash'])
export class StaffSessionEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) staff_id!: number;
  @Index('uq_staff_sessions_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) ip!: string;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() expires_at!: number;
  @BigIntColumn({ nullable: true }) revoked_at!: number | null;
  /** SHA-256 of the device token the console sent when signing in (null: none): the throttle's "known device". */
  @Column({ type: 'varchar', length: 64, nullable: true }) device_hash!: string | null;
}

/** Append-only, hash-chained record of every mutating staff action (triggers forbid UPDATE/DELETE). */
@Entity('audit_logs')
@Index('ix_audit_logs_target', ['target_type', 'target_id'])
export class AuditLogEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', nullable: true }) staff_id!: number | null;
  @Column({ type: 'varchar', length: 32, default: '' }) staff_username!: string;
  @Column({ type: 'varchar', length: 16, default: '' }) staff_role!: string;
  @Column({ type: 'varchar', length: 64 }) action!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) target_type!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) target_id!: string;
  @JsonTextColumn() before!: unknown;
  @JsonTextColumn() after!: unknown;
  @Column({ type: 'varchar', length: 500, default: '' }) reason!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) ip!: string;
  @BigIntColumn() created_at!: number;
  @Column({ type: 'varchar', length: 64 }) prev_hash!: string;
  @Index('uq_audit_logs_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  hash!: string;
}

/** Operator settings, one JSON value per key. */
@Entity('settings')
export class SettingEntity {
  @Column({ type: 'varchar', length: 64, primary: true }) key!: string;
  @JsonTextColumn() value!: unknown;
  @BigIntColumn() updated_at!: number;
}

/**
 * A change to a money-control setting (thresholds, limits, maximums, turnover, labels, rates): requested by one
 * member of staff, applied only when a different superadmin approves it (issue 24.2). status: pending | applied |
 * rejected | superseded (a newer request for the same key replaced it). At most one pending change per key.
 */
@Entity('setting_changes')
@Index('uq_setting_changes_pending_key', ['key'], { unique: true, where: "status = 'pending'" })
@Index('ix_setting_changes_requested_at', ['requested_at'])
export class SettingChangeEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 64 }) key!: string;
  /** the value as it is stored in settings once applied */
  @JsonTextColumn() value!: unknown;
  @Column({ type: 'integer' }) requested_by!: number;
  @BigIntColumn() requested_at!: number;
  @Column({ type: 'varchar', length: 16 }) status!: string;
  @Column({ type: 'integer', nullable: true }) decided_by!: number | null;
  @BigIntColumn({ nullable: true }) decided_at!: number | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) reason!: string | null;
}

/**
 * Idempotency keys of money-moving requests (Stripe-style): UNIQUE(scope, key); the first response is
 * stored and replayed; the same key with another request body is refused.
 */
@Entity('idempotency_keys')
@Index('uq_idempotency_scope_key', ['scope', 'key'], { unique: true })
export class IdempotencyKeyEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 48 }) scope!: string;
  @Column({ type: 'varchar', length: 128 }) key!: string;
  @Column({ type: 'varchar', length: 64 }) request_hash!: string;
  @JsonTextColumn() response!: unknown;
  @BigIntColumn() created_at!: number;
}
