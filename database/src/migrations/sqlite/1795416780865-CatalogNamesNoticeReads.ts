import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogNamesNoticeReads1795416780865 implements MigrationInterface {
  name = 'CatalogNamesNoticeReads1795416780865';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "notice_reads" ("user_id" integer NOT NULL, "notice_id" integer NOT NULL, "read_at" bigint NOT NULL, PRIMARY KEY ("user_id", "notice_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_notice_reads_notice" ON "notice_reads" ("notice_id") `);
    await queryRunner.query(`CREATE TABLE "temporary_games" ("id" integer PRIMARY KEY NOT NULL, "name" varchar(64) NOT NULL, "sort" integer NOT NULL DEFAULT (0), "enabled" boolean NOT NULL DEFAULT (1), "names" text)`);
    await queryRunner.query(`INSERT INTO "temporary_games"("id", "name", "sort", "enabled") SELECT "id", "name", "sort", "enabled" FROM "games"`);
    await queryRunner.query(`DROP TABLE "games"`);
    await queryRunner.query(`ALTER TABLE "temporary_games" RENAME TO "games"`);
    await queryRunner.query(`DROP INDEX "ix_plans_game"`);
    await queryRunner.query(`CREATE TABLE "temporary_plans" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "game_id" integer NOT NULL, "title" varchar(64) NOT NULL, "tier" varchar(16) NOT NULL, "join_limit_minor" bigint NOT NULL DEFAULT (0), "sort" integer NOT NULL DEFAULT (0), "enabled" boolean NOT NULL DEFAULT (1), "titles" text)`);
    await queryRunner.query(`INSERT INTO "temporary_plans"("id", "game_id", "title", "tier", "join_limit_minor", "sort", "enabled") SELECT "id", "game_id", "title", "tier", "join_limit_minor", "sort", "enabled" FROM "plans"`);
    await queryRunner.query(`DROP TABLE "plans"`);
    await queryRunner.query(`ALTER TABLE "temporary_plans" RENAME TO "plans"`);
    await queryRunner.query(`CREATE INDEX "ix_plans_game" ON "plans" ("game_id", "sort") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_plans_game"`);
    await queryRunner.query(`ALTER TABLE "plans" RENAME TO "temporary_plans"`);
    await queryRunner.query(`CREATE TABLE "plans" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "game_id" integer NOT NULL, "title" varchar(64) NOT NULL, "tier" varchar(16) NOT NULL, "join_limit_minor" bigint NOT NULL DEFAULT (0), "sort" integer NOT NULL DEFAULT (0), "enabled" boolean NOT NULL DEFAULT (1))`);
    await queryRunner.query(`INSERT INTO "plans"("id", "game_id", "title", "tier", "join_limit_minor", "sort", "enabled") SELECT "id", "game_id", "title", "tier", "join_limit_minor", "sort", "enabled" FROM "temporary_plans"`);
    await queryRunner.query(`DROP TABLE "temporary_plans"`);
    await queryRunner.query(`CREATE INDEX "ix_plans_game" ON "plans" ("game_id", "sort") `);
    await queryRunner.query(`ALTER TABLE "games" RENAME TO "temporary_games"`);
    await queryRunner.query(`CREATE TABLE "games" ("id" integer PRIMARY KEY NOT NULL, "name" varchar(64) NOT NULL, "sort" integer NOT NULL DEFAULT (0), "enabled" boolean NOT NULL DEFAULT (1))`);
    await queryRunner.query(`INSERT INTO "games"("id", "name", "sort", "enabled") SELECT "id", "name", "sort", "enabled" FROM "temporary_games"`);
    await queryRunner.query(`DROP TABLE "temporary_games"`);
    await queryRunner.query(`DROP INDEX "ix_notice_reads_notice"`);
    await queryRunner.query(`DROP TABLE "notice_reads"`);
  }
}
