import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['ledger_transactions', 'ledger_entries', 'audit_logs'];

/** The ledger and the audit log are append-only: the database itself refuses UPDATE and DELETE. */
export class AppendOnlyLedger1795341400000 implements MigrationInterface {
  name = 'AppendOnlyLedger1795341400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      await queryRunner.query(`CREATE TRIGGER "${t}_no_update" BEFORE UPDATE ON "${t}" BEGIN SELECT RAISE(ABORT, '${t} is append-only'); END`);
      await queryRunner.query(`CREATE TRIGGER "${t}_no_delete" BEFORE DELETE ON "${t}" BEGIN SELECT RAISE(ABORT, '${t} is append-only'); END`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${t}_no_update"`);
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${t}_no_delete"`);
    }
  }
}
