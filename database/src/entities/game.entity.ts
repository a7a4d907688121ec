import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, JsonTextColumn } from '../columns';

/** A line (Singapore, New Zealand, Kuala Lumpur, Australia). */
@Entity('games')
export class GameEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'integer', default: 0 }) sort!: number;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  /** The name per locale, e.g. `{ "en": "Singapore" }` (a missing locale falls back to tw, then `name`). */
  @JsonTextColumn() names!: Partial<Record<string, string>> | null;
}

/** A room of a game: tier basic/senior/master/expert with its entry balance (join_limit). */
@Entity('plans')
@Index('ix_plans_game', ['game_id', 'sort'])
export class PlanEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) game_id!: number;
  @Column({ type: 'varchar', length: 64 }) title!: string;
  @Column({ type: 'varchar', length: 16 }) tier!: string;
  @BigIntColumn({ default: 0 }) join_limit_minor!: number;
  @Column({ type: 'integer', default: 0 }) sort!: number;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  /** The title per locale (a missing locale falls back to tw, then `title`). */
  @JsonTextColumn() titles!: Partial<Record<string, string>> | null;
}

/** Odds per room and play type, as a scaled integer (1940 = 1.94). Never above fair. */
@Entity('odds')
@Index('uq_odds_plan_play', ['plan_id', 'play_type'], { unique: true })
export class OddsEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) plan_id!: number;
  @Column({ type: 'varchar', length: 16 }) play_type!: string;
  @Column({ type: 'integer' }) odds_milli!: number;
  @BigIntColumn() updated_at!: number;
}
