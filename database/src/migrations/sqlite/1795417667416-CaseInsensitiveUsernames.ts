import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Player and staff usernames unique case-insensitively (`Abc` vs `ABC`, `root` vs `Root`): an expression
 * index the entities declare with `synchronize: false`. Written by hand (TypeORM cannot generate
 * expression indexes); the same DDL on SQLite and PostgreSQL. On a database that already holds two
 * names differing only in case, this migration fails and names the index: rename one account first.
 */
export class CaseInsensitiveUsernames1795417667416 implements MigrationInterface {
  name = 'CaseInsensitiveUsernames1795417667416';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username_ci" ON "users" (lower("username"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_staff_username_ci" ON "staff" (lower("username"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_staff_username_ci"`);
    await queryRunner.query(`DROP INDEX "uq_users_username_ci"`);
  }
}
