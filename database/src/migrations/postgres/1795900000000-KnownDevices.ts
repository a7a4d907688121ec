import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions remember the device they were opened from (SHA-256 of its device token): the sign-in throttle's "known device". */
export class KnownDevices1795900000000 implements MigrationInterface {
  name = 'KnownDevices1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_sessions" ADD "device_hash" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "staff_sessions" ADD "device_hash" character varying(64)`);
    await queryRunner.query(`CREATE INDEX "ix_user_sessions_device" ON "user_sessions" ("user_id", "device_hash") `);
    await queryRunner.query(`CREATE INDEX "ix_staff_sessions_device" ON "staff_sessions" ("staff_id", "device_hash") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_staff_sessions_device"`);
    await queryRunner.query(`DROP INDEX "public"."ix_user_sessions_device"`);
    await queryRunner.query(`ALTER TABLE "staff_sessions" DROP COLUMN "device_hash"`);
    await queryRunner.query(`ALTER TABLE "user_sessions" DROP COLUMN "device_hash"`);
  }
}
