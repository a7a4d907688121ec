import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CapitalLogOverNullable1795417602062 implements MigrationInterface {
  name = 'CapitalLogOverNullable1795417602062';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "capital_logs" ALTER COLUMN "over_minor" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "capital_logs" ALTER COLUMN "over_minor" SET NOT NULL`);
  }
}
