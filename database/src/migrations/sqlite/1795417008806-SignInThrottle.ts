import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SignInThrottle1795417008806 implements MigrationInterface {
  name = 'SignInThrottle1795417008806';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sign_in_throttle" ("key" varchar(200) PRIMARY KEY NOT NULL, "failures" integer NOT NULL, "last_failure_at" bigint NOT NULL, "blocked_until" bigint)`);
    await queryRunner.query(`CREATE INDEX "idx_sign_in_throttle_last_failure" ON "sign_in_throttle" ("last_failure_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_sign_in_throttle_last_failure"`);
    await queryRunner.query(`DROP TABLE "sign_in_throttle"`);
  }
}
