import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WalletHardening1795416952786 implements MigrationInterface {
  name = 'WalletHardening1795416952786';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "reset_hold_until" bigint`);
    await queryRunner.query(`ALTER TABLE "users" ADD "security_code_checks" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "security_code_check_window" bigint NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "security_code_check_window"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "security_code_checks"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "reset_hold_until"`);
  }
}
