import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Game engine: the ledger checker (I5, I12) and settlement look postings up by the bet they belong to;
 * the 2-second heartbeat looks up a player's unseen wins.
 */
export class GameEngineIndexes1795342168179 implements MigrationInterface {
  name = 'GameEngineIndexes1795342168179';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_bets_user_hit_seen" ON "bets" ("user_id", "whether_hit", "result_seen") `);
    await queryRunner.query(`CREATE INDEX "ix_ledger_transactions_ref" ON "ledger_transactions" ("ref_type", "ref_id", "kind") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_ledger_transactions_ref"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bets_user_hit_seen"`);
  }
}
