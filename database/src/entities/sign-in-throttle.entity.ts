import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * Sign-in failure counters (issue 8 point 8), one row per key of `signInThrottleKeys` in the domain:
 * `<realm>:pair:<user>|<ip>`, `<realm>:ip:<ip>`, `<realm>:user:<user>`. Rows are forgotten a day after
 * their last failure. Only `SignInThrottleStore` reads and writes them (a Redis store may replace it).
 */
@Entity('sign_in_throttle')
export class SignInThrottleEntity {
  @PrimaryColumn({ type: 'varchar', length: 200 }) key!: string;
  @Column({ type: 'integer' }) failures!: number;
  @Index('idx_sign_in_throttle_last_failure')
  @BigIntColumn()
  last_failure_at!: number;
  @BigIntColumn({ nullable: true }) blocked_until!: number | null;
}
