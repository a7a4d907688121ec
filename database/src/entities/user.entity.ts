import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** A player. `money_minor` (available) and `lock_money_minor` (frozen) are caches of the ledger. */
@Entity('users')
/**
 * Usernames are unique case-insensitively (`Abc` and `ABC` are one name): a UNIQUE index on
 * lower(username), the same DDL on SQLite and PostgreSQL (usernames are ASCII, so both lower() agree).
 * TypeORM cannot describe an expression index; it is created by the CaseInsensitiveUsernames
 * migrations and declared here with `synchronize: false` so the schema check leaves it alone.
 */
@Index('uq_users_username_ci', { synchronize: false })
export class UserEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index('uq_users_username', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  username!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) nickname!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) mobile!: string;
  @Column({ type: 'varchar', length: 255 }) password_hash!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) security_code_hash!: string | null;
  @Column({ type: 'integer', default: 0 }) security_code_failures!: number;
  @BigIntColumn({ nullable: true }) security_code_locked_until!: number | null;
  @BigIntColumn({ default: 0 }) money_minor!: number;
  @BigIntColumn({ default: 0 }) lock_money_minor!: number;
  /** 1 normal, 2 visitor, 3 agent */
  @Column({ type: 'integer' }) group_id!: number;
  @Index('ix_users_inviter')
  @Column({ type: 'integer', nullable: true })
  inviter_id!: number | null;
  /** 'active' or 'frozen' (opposite-bet rule: can log in and look, cannot bet or withdraw) */
  @Column({ type: 'varchar', length: 16, default: 'active' }) status!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) frozen_reason!: string | null;
  @Column({ type: 'varchar', length: 32, default: '' }) idcard!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) avatar!: string;
  @Column({ type: 'boolean', default: false }) must_change_password!: boolean;
  @Column({ type: 'integer', default: 0 }) login_failures!: number;
  @BigIntColumn({ nullable: true }) locked_until!: number | null;
  /** After a staff password reset of a player without a security code: bets, withdrawals, payout and code changes wait until then. */
  @BigIntColumn({ nullable: true }) reset_hold_until!: number | null;
  /** A staff password reset waiting for a second staff member (the player has no security code): who asked, when. */
  @Column({ type: 'integer', nullable: true }) reset_requested_by!: number | null;
  @BigIntColumn({ nullable: true }) reset_requested_at!: number | null;
  /** Security-code verifications in the minute `security_code_check_window` (any outcome; limit checked before argon2). */
  @Column({ type: 'integer', default: 0 }) security_code_checks!: number;
  @BigIntColumn({ default: 0 }) security_code_check_window!: number;
  @BigIntColumn() adult_consent_at!: number;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() updated_at!: number;
}
