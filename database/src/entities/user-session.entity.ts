import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** A player login. Only the SHA-256 of the random token is stored. */
@Entity('user_sessions')
@Index('ix_user_sessions_device', ['user_id', 'device_hash'])
export class UserSessionEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index('ix_user_sessions_user') @Column({ type: 'integer' }) user_id!: number;
  @Index('uq_user_sessions_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) ip!: string;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() expires_at!: number;
  @BigIntColumn({ nullable: true }) revoked_at!: number | null;
  /** SHA-256 of the device token the client sent when signing in (null: none): the throttle's "known device". */
  @Column({ type: 'varchar', length: 64, nullable: true }) device_hash!: string | null;
}
