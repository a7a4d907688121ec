import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * A payout destination, with the spec's field names. type 0 bank card: acc holder, acc_name card
 * number, acc_bank bank name. type 1 USDT wallet: acc address, acc_name chain type.
 */
@Entity('pay_infos')
@Index('uq_pay_infos_user_type', ['user_id', 'type'], { unique: true })
export class PayInfoEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer' }) type!: number;
  @Column({ type: 'varchar', length: 128 }) acc!: string;
  @Column({ type: 'varchar', length: 64 }) acc_name!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) acc_bank!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) mark!: string;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() updated_at!: number;
}
