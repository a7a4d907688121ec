import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unseen-win index holds winning bets only (the heartbeat's lookup asks for whether_hit = 1): a settlement
 * no longer moves an index entry for every losing bet, and the index is a fraction of its size.
 */
export class BetsHitSeenWinnersOnly1795420000000 implements MigrationInterface {
  name = 'BetsHitSeenWinnersOnly1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_bets_user_hit_seen"`);
    await queryRunner.query(`CREATE INDEX "ix_bets_user_hit_seen" ON "bets" ("user_id", "whether_hit", "result_seen") WHERE "whether_hit" = 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_bets_user_hit_seen"`);
    await queryRunner.query(`CREATE INDEX "ix_bets_user_hit_seen" ON "bets" ("user_id", "whether_hit", "result_seen") `);
  }
}
