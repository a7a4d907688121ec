import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** A server-issued captcha challenge; consumed once (conditional update on used_at). */
@Entity('captchas')
export class CaptchaEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 8 }) answer!: string;
  @BigIntColumn() expires_at!: number;
  @BigIntColumn({ nullable: true }) used_at!: number | null;
}
