import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * One round of one game. The row is the lock of its own state machine
 * (open -> closed -> drawn -> settled, or void): every transition is a conditional UPDATE.
 * `seed_hex` is secret until the round is drawn; `hash_hex` = SHA-256(seed) is public from the start.
 */
@Entity('rounds')
@Index('uq_rounds_game_issue', ['game_id', 'issue'], { unique: true })
@Index('ix_rounds_state_draw', ['state', 'draw_at'])
@Index('ix_rounds_game_open', ['game_id', 'open_at'])
export class RoundEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) game_id!: number;
  @Column({ type: 'varchar', length: 16 }) issue!: string;
  @Column({ type: 'varchar', length: 8 }) day!: string;
  @Column({ type: 'integer' }) seq!: number;
  @BigIntColumn() open_at!: number;
  @BigIntColumn() close_at!: number;
  @BigIntColumn() draw_at!: number;
  @Column({ type: 'varchar', length: 16 }) state!: string;
  @Column({ type: 'varchar', length: 64 }) seed_hex!: string;
  @Column({ type: 'varchar', length: 64 }) hash_hex!: string;
  @Column({ type: 'integer', nullable: true }) site_1!: number | null;
  @Column({ type: 'integer', nullable: true }) site_2!: number | null;
  @Column({ type: 'integer', nullable: true }) site_3!: number | null;
  @Column({ type: 'integer', nullable: true }) sum!: number | null;
  @BigIntColumn({ nullable: true }) drawn_at!: number | null;
  @BigIntColumn({ nullable: true }) settled_at!: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) void_reason!: string | null;
  @Column({ type: 'integer', nullable: true }) voided_by!: number | null;
  @BigIntColumn() created_at!: number;
}
