import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** A bet. Odds are snapshotted when it is placed. status 0 pending, 1 settled, 2 cancelled (void round). */
@Entity('bets')
// By round only: settling moves no entry (status is read from the row, which settlement reads anyway).
@Index('ix_bets_round', ['round_id'])
@Index('ix_bets_user_created', ['user_id', 'created_at'])
@Index('ix_bets_plan_created', ['plan_id', 'id'])
// Winners only (the unseen-win lookup asks for whether_hit = 1): settling a round then leaves the index alone for
// every losing bet instead of moving each one's entry (half the cost of the settlement's UPDATE of bets).
@Index('ix_bets_user_hit_seen', ['user_id', 'whether_hit', 'result_seen'], { where: '"whether_hit" = 1' })
export class BetEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index('uq_bets_order_no', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  order_no!: string;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer' }) game_id!: number;
  @Column({ type: 'integer' }) plan_id!: number;
  @Column({ type: 'integer' }) round_id!: number;
  @Column({ type: 'varchar', length: 16 }) issue!: string;
  @Column({ type: 'varchar', length: 16 }) play_type!: string;
  @BigIntColumn() stake_minor!: number;
  @Column({ type: 'integer' }) odds_milli!: number;
  @Column({ type: 'integer', default: 0 }) status!: number;
  @Column({ type: 'integer', nullable: true }) whether_hit!: number | null;
  @BigIntColumn({ nullable: true }) payout_minor!: number | null;
  @BigIntColumn({ nullable: true }) profit_minor!: number | null;
  @Column({ type: 'integer', nullable: true }) follow_of!: number | null;
  /** the win notice was shown and closed (user/closeGameResult) */
  @Column({ type: 'boolean', default: false }) result_seen!: boolean;
  @BigIntColumn() created_at!: number;
  @BigIntColumn({ nullable: true }) settled_at!: number | null;
}
