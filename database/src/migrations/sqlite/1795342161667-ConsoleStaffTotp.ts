import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConsoleStaffTotp1795342161667 implements MigrationInterface {
  name = 'ConsoleStaffTotp1795342161667';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_staff_username"`);
    await queryRunner.query(`CREATE TABLE "temporary_staff" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(32) NOT NULL, "password_hash" varchar(255) NOT NULL, "role" varchar(16) NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "totp_secret" varchar(64), "login_failures" integer NOT NULL DEFAULT (0), "locked_until" bigint, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "totp_enabled" boolean NOT NULL DEFAULT (0), "totp_last_step" bigint)`);
    await queryRunner.query(`INSERT INTO "temporary_staff"("id", "username", "password_hash", "role", "enabled", "totp_secret", "login_failures", "locked_until", "created_at", "updated_at") SELECT "id", "username", "password_hash", "role", "enabled", "totp_secret", "login_failures", "locked_until", "created_at", "updated_at" FROM "staff"`);
    await queryRunner.query(`DROP TABLE "staff"`);
    await queryRunner.query(`ALTER TABLE "temporary_staff" RENAME TO "staff"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_staff_username" ON "staff" ("username") `);
    await queryRunner.query(`CREATE INDEX "ix_staff_sessions_staff" ON "staff_sessions" ("staff_id") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_logs_target" ON "audit_logs" ("target_type", "target_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_audit_logs_target"`);
    await queryRunner.query(`DROP INDEX "ix_staff_sessions_staff"`);
    await queryRunner.query(`DROP INDEX "uq_staff_username"`);
    await queryRunner.query(`ALTER TABLE "staff" RENAME TO "temporary_staff"`);
    await queryRunner.query(`CREATE TABLE "staff" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(32) NOT NULL, "password_hash" varchar(255) NOT NULL, "role" varchar(16) NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "totp_secret" varchar(64), "login_failures" integer NOT NULL DEFAULT (0), "locked_until" bigint, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "staff"("id", "username", "password_hash", "role", "enabled", "totp_secret", "login_failures", "locked_until", "created_at", "updated_at") SELECT "id", "username", "password_hash", "role", "enabled", "totp_secret", "login_failures", "locked_until", "created_at", "updated_at" FROM "temporary_staff"`);
    await queryRunner.query(`DROP TABLE "temporary_staff"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_staff_username" ON "staff" ("username") `);
  }
}
