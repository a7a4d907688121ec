import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, JsonTextColumn } from '../columns';

/**
 * A fund record as the player sees it. type 0 recharge, 1 withdraw, 2 purchase, 3 profit, 4 gift;
 * status 0 under review, 1 approved, 2 rejected. `over_minor` is the available balance after it took effect.
 * `quantity_minor` is always in the platform currency: for a recharge, the amount entered
 * (`currency_quantity_minor` of `currency`) converted at `rate`, rounded down to the cent.
 */
@Entity('capital_logs')
@Index('ix_capital_logs_user_created', ['user_id', 'created_at'])
@Index('ix_capital_logs_status_type', ['status', 'type'])
export class CapitalLogEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer' }) type!: number;
  @BigIntColumn() quantity_minor!: number;
  /** The available balance right after this row took effect; null while it has had none (a pending or rejected recharge). Written once. */
  @BigIntColumn({ nullable: true }) over_minor!: number | null;
  @Column({ type: 'varchar', length: 8, default: '' }) currency!: string;
  /** Recharges: the amount as entered, in hundredths of `currency` (quantity_minor is what it credits). Null for other types. */
  @BigIntColumn({ nullable: true }) currency_quantity_minor!: number | null;
  /** Recharges: the rate in force when requested, exact decimal text (platform units per unit of `currency`). Null for other types. */
  @Column({ type: 'varchar', length: 24, nullable: true }) rate!: string | null;
  @Column({ type: 'varchar', length: 500, default: '' }) mark!: string;
  @Column({ type: 'integer' }) status!: number;
  /** bet id for purchase/profit rows; pay info snapshot for withdrawals */
  @Column({ type: 'integer', nullable: true }) ref_id!: number | null;
  @JsonTextColumn() pay_snapshot!: unknown;
  /** staff who created it (gifts), null when the player did */
  @Column({ type: 'integer', nullable: true }) requested_by!: number | null;
  @Column({ type: 'integer', nullable: true }) resolved_by!: number | null;
  @BigIntColumn({ nullable: true }) resolved_at!: number | null;
  @Column({ type: 'varchar', length: 500, default: '' }) remark!: string;
  @BigIntColumn() created_at!: number;
}

/** One staff approval of a capital log; two distinct ones are needed above the configured amount. */
@Entity('capital_approvals')
@Index('uq_capital_approvals_log_staff', ['capital_log_id', 'staff_id'], { unique: true })
export class CapitalApprovalEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) capital_log_id!: number;
  @Column({ type: 'integer' }) staff_id!: number;
  @Column({ type: 'varchar', length: 16 }) decision!: string;
  @BigIntColumn() created_at!: number;
}
