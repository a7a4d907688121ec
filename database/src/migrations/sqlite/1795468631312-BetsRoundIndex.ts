import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bets are indexed by round alone: settling or voiding a round changes every bet's status, and with status in
 * the key each of those moved an index entry; the readers by round (settlement, void, the ledger check) read
 * the rows anyway.
 */
export class BetsRoundIndex1795468631312 implements MigrationInterface {
  name = 'BetsRoundIndex1795468631312';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_bets_round_status"`);
    await queryRunner.query(`CREATE INDEX "ix_bets_round" ON "bets" ("round_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_bets_round"`);
    await queryRunner.query(`CREATE INDEX "ix_bets_round_status" ON "bets" ("round_id", "status") `);
  }
}
