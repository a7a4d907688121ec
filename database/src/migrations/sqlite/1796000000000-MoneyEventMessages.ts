import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A message the server writes on a money event is kept as a message key and JSON params, rendered in the reader's language. */
export class MoneyEventMessages1796000000000 implements MigrationInterface {
  name = 'MoneyEventMessages1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notices" ADD COLUMN "message_key" varchar(64)`);
    await queryRunner.query(`ALTER TABLE "notices" ADD COLUMN "message_params" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notices" DROP COLUMN "message_params"`);
    await queryRunner.query(`ALTER TABLE "notices" DROP COLUMN "message_key"`);
  }
}
