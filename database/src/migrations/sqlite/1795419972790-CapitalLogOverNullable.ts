import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CapitalLogOverNullable1795419972790 implements MigrationInterface {
  name = 'CapitalLogOverNullable1795419972790';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_capital_logs_status_type"`);
    await queryRunner.query(`DROP INDEX "ix_capital_logs_user_created"`);
    await queryRunner.query(`CREATE TABLE "temporary_capital_logs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "type" integer NOT NULL, "quantity_minor" bigint NOT NULL, "over_minor" bigint NOT NULL, "currency" varchar(8) NOT NULL DEFAULT (''), "mark" varchar(500) NOT NULL DEFAULT (''), "status" integer NOT NULL, "ref_id" integer, "pay_snapshot" text, "requested_by" integer, "resolved_by" integer, "resolved_at" bigint, "remark" varchar(500) NOT NULL DEFAULT (''), "created_at" bigint NOT NULL, "currency_quantity_minor" bigint, "rate" varchar(24))`);
    await queryRunner.query(`INSERT INTO "temporary_capital_logs"("id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate") SELECT "id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate" FROM "capital_logs"`);
    await queryRunner.query(`DROP TABLE "capital_logs"`);
    await queryRunner.query(`ALTER TABLE "temporary_capital_logs" RENAME TO "capital_logs"`);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_status_type" ON "capital_logs" ("status", "type") `);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_user_created" ON "capital_logs" ("user_id", "created_at") `);
    await queryRunner.query(`DROP INDEX "ix_capital_logs_status_type"`);
    await queryRunner.query(`DROP INDEX "ix_capital_logs_user_created"`);
    await queryRunner.query(`CREATE TABLE "temporary_capital_logs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "type" integer NOT NULL, "quantity_minor" bigint NOT NULL, "over_minor" bigint, "currency" varchar(8) NOT NULL DEFAULT (''), "mark" varchar(500) NOT NULL DEFAULT (''), "status" integer NOT NULL, "ref_id" integer, "pay_snapshot" text, "requested_by" integer, "resolved_by" integer, "resolved_at" bigint, "remark" varchar(500) NOT NULL DEFAULT (''), "created_at" bigint NOT NULL, "currency_quantity_minor" bigint, "rate" varchar(24))`);
    await queryRunner.query(`INSERT INTO "temporary_capital_logs"("id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate") SELECT "id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate" FROM "capital_logs"`);
    await queryRunner.query(`DROP TABLE "capital_logs"`);
    await queryRunner.query(`ALTER TABLE "temporary_capital_logs" RENAME TO "capital_logs"`);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_status_type" ON "capital_logs" ("status", "type") `);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_user_created" ON "capital_logs" ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_capital_logs_user_created"`);
    await queryRunner.query(`DROP INDEX "ix_capital_logs_status_type"`);
    await queryRunner.query(`ALTER TABLE "capital_logs" RENAME TO "temporary_capital_logs"`);
    await queryRunner.query(`CREATE TABLE "capital_logs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "type" integer NOT NULL, "quantity_minor" bigint NOT NULL, "over_minor" bigint NOT NULL, "currency" varchar(8) NOT NULL DEFAULT (''), "mark" varchar(500) NOT NULL DEFAULT (''), "status" integer NOT NULL, "ref_id" integer, "pay_snapshot" text, "requested_by" integer, "resolved_by" integer, "resolved_at" bigint, "remark" varchar(500) NOT NULL DEFAULT (''), "created_at" bigint NOT NULL, "currency_quantity_minor" bigint, "rate" varchar(24))`);
    await queryRunner.query(`INSERT INTO "capital_logs"("id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate") SELECT "id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate" FROM "temporary_capital_logs"`);
    await queryRunner.query(`DROP TABLE "temporary_capital_logs"`);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_user_created" ON "capital_logs" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_status_type" ON "capital_logs" ("status", "type") `);
    await queryRunner.query(`DROP INDEX "ix_capital_logs_user_created"`);
    await queryRunner.query(`DROP INDEX "ix_capital_logs_status_type"`);
    await queryRunner.query(`ALTER TABLE "capital_logs" RENAME TO "temporary_capital_logs"`);
    await queryRunner.query(`CREATE TABLE "capital_logs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "type" integer NOT NULL, "quantity_minor" bigint NOT NULL, "over_minor" bigint NOT NULL, "currency" varchar(8) NOT NULL DEFAULT (''), "mark" varchar(500) NOT NULL DEFAULT (''), "status" integer NOT NULL, "ref_id" integer, "pay_snapshot" text, "requested_by" integer, "resolved_by" integer, "resolved_at" bigint, "remark" varchar(500) NOT NULL DEFAULT (''), "created_at" bigint NOT NULL, "currency_quantity_minor" bigint, "rate" varchar(24))`);
    await queryRunner.query(`INSERT INTO "capital_logs"("id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate") SELECT "id", "user_id", "type", "quantity_minor", "over_minor", "currency", "mark", "status", "ref_id", "pay_snapshot", "requested_by", "resolved_by", "resolved_at", "remark", "created_at", "currency_quantity_minor", "rate" FROM "temporary_capital_logs"`);
    await queryRunner.query(`DROP TABLE "temporary_capital_logs"`);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_user_created" ON "capital_logs" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_capital_logs_status_type" ON "capital_logs" ("status", "type") `);
  }
}
