import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CapitalLogOverNullable1795419972790 implements MigrationInterface {
  name = 'CapitalLogOverNullable1795419972790';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "capital_logs" ALTER COLUMN "over_minor" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "capital_logs" ALTER COLUMN "over_minor" SET NOT NULL`);
  }
}
