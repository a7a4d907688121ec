import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SignInThrottle1795417008806 implements MigrationInterface {
  name = 'SignInThrottle1795417008806';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sign_in_throttle" ("key" character varying(200) NOT NULL, "failures" integer NOT NULL, "last_failure_at" bigint NOT NULL, "blocked_until" bigint, CONSTRAINT "PK_f838c82d37e24773fc7984a7649" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "idx_sign_in_throttle_last_failure" ON "sign_in_throttle" ("last_failure_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_sign_in_throttle_last_failure"`);
    await queryRunner.query(`DROP TABLE "sign_in_throttle"`);
  }
}
