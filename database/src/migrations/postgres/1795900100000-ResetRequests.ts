import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A staff password reset of a player without a security code waits for a second staff member (who asked, and when). */
export class ResetRequests1795900100000 implements MigrationInterface {
  name = 'ResetRequests1795900100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "reset_requested_by" integer`);
    await queryRunner.query(`ALTER TABLE "users" ADD "reset_requested_at" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "reset_requested_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "reset_requested_by"`);
  }
}
