import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['ledger_transactions', 'ledger_entries', 'audit_logs'];

/** The ledger and the audit log are append-only: the database itself refuses UPDATE, DELETE and TRUNCATE. */
export class AppendOnlyLedger1795341400000 implements MigrationInterface {
  name = 'AppendOnlyLedger1795341400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION sum28_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation'; END $$`);
    for (const t of TABLES) {
      await queryRunner.query(`CREATE TRIGGER "${t}_no_change" BEFORE UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION sum28_append_only()`);
      await queryRunner.query(`CREATE TRIGGER "${t}_no_truncate" BEFORE TRUNCATE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION sum28_append_only()`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${t}_no_change" ON "${t}"`);
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${t}_no_truncate" ON "${t}"`);
    }
    await queryRunner.query(`DROP FUNCTION IF EXISTS sum28_append_only()`);
  }
}
