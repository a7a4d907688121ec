import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RechargeRates1795417080324 implements MigrationInterface {
  name = 'RechargeRates1795417080324';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "capital_logs" ADD "currency_quantity_minor" bigint`);
    await queryRunner.query(`ALTER TABLE "capital_logs" ADD "rate" character varying(24)`);
    // Recharges before this migration were credited 1:1 whatever the configured rate: record exactly that.
    await queryRunner.query(`UPDATE "capital_logs" SET "rate" = '1', "currency_quantity_minor" = "quantity_minor" WHERE "type" = 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "capital_logs" DROP COLUMN "rate"`);
    await queryRunner.query(`ALTER TABLE "capital_logs" DROP COLUMN "currency_quantity_minor"`);
  }
}
