import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WalletHardening1795416952786 implements MigrationInterface {
  name = 'WalletHardening1795416952786';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_users_inviter"`);
    await queryRunner.query(`DROP INDEX "uq_users_username"`);
    await queryRunner.query(`CREATE TABLE "temporary_users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(32) NOT NULL, "nickname" varchar(32) NOT NULL DEFAULT (''), "mobile" varchar(32) NOT NULL DEFAULT (''), "password_hash" varchar(255) NOT NULL, "security_code_hash" varchar(255), "security_code_failures" integer NOT NULL DEFAULT (0), "security_code_locked_until" bigint, "money_minor" bigint NOT NULL DEFAULT (0), "lock_money_minor" bigint NOT NULL DEFAULT (0), "group_id" integer NOT NULL, "inviter_id" integer, "status" varchar(16) NOT NULL DEFAULT ('active'), "frozen_reason" varchar(255), "idcard" varchar(32) NOT NULL DEFAULT (''), "avatar" varchar(255) NOT NULL DEFAULT (''), "must_change_password" boolean NOT NULL DEFAULT (0), "login_failures" integer NOT NULL DEFAULT (0), "locked_until" bigint, "adult_consent_at" bigint NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "reset_hold_until" bigint, "security_code_checks" integer NOT NULL DEFAULT (0), "security_code_check_window" bigint NOT NULL DEFAULT (0))`);
    await queryRunner.query(`INSERT INTO "temporary_users"("id", "username", "nickname", "mobile", "password_hash", "security_code_hash", "security_code_failures", "security_code_locked_until", "money_minor", "lock_money_minor", "group_id", "inviter_id", "status", "frozen_reason", "idcard", "avatar", "must_change_password", "login_failures", "locked_until", "adult_consent_at", "created_at", "updated_at") SELECT "id", "username", "nickname", "mobile", "password_hash", "security_code_hash", "security_code_failures", "security_code_locked_until", "money_minor", "lock_money_minor", "group_id", "inviter_id", "status", "frozen_reason", "idcard", "avatar", "must_change_password", "login_failures", "locked_until", "adult_consent_at", "created_at", "updated_at" FROM "users"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`ALTER TABLE "temporary_users" RENAME TO "users"`);
    await queryRunner.query(`CREATE INDEX "ix_users_inviter" ON "users" ("inviter_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_username"`);
    await queryRunner.query(`DROP INDEX "ix_users_inviter"`);
    await queryRunner.query(`ALTER TABLE "users" RENAME TO "temporary_users"`);
    await queryRunner.query(`CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(32) NOT NULL, "nickname" varchar(32) NOT NULL DEFAULT (''), "mobile" varchar(32) NOT NULL DEFAULT (''), "password_hash" varchar(255) NOT NULL, "security_code_hash" varchar(255), "security_code_failures" integer NOT NULL DEFAULT (0), "security_code_locked_until" bigint, "money_minor" bigint NOT NULL DEFAULT (0), "lock_money_minor" bigint NOT NULL DEFAULT (0), "group_id" integer NOT NULL, "inviter_id" integer, "status" varchar(16) NOT NULL DEFAULT ('active'), "frozen_reason" varchar(255), "idcard" varchar(32) NOT NULL DEFAULT (''), "avatar" varchar(255) NOT NULL DEFAULT (''), "must_change_password" boolean NOT NULL DEFAULT (0), "login_failures" integer NOT NULL DEFAULT (0), "locked_until" bigint, "adult_consent_at" bigint NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "users"("id", "username", "nickname", "mobile", "password_hash", "security_code_hash", "security_code_failures", "security_code_locked_until", "money_minor", "lock_money_minor", "group_id", "inviter_id", "status", "frozen_reason", "idcard", "avatar", "must_change_password", "login_failures", "locked_until", "adult_consent_at", "created_at", "updated_at") SELECT "id", "username", "nickname", "mobile", "password_hash", "security_code_hash", "security_code_failures", "security_code_locked_until", "money_minor", "lock_money_minor", "group_id", "inviter_id", "status", "frozen_reason", "idcard", "avatar", "must_change_password", "login_failures", "locked_until", "adult_consent_at", "created_at", "updated_at" FROM "temporary_users"`);
    await queryRunner.query(`DROP TABLE "temporary_users"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username") `);
    await queryRunner.query(`CREATE INDEX "ix_users_inviter" ON "users" ("inviter_id") `);
  }
}
