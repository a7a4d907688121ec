import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogNamesNoticeReads1795416780865 implements MigrationInterface {
  name = 'CatalogNamesNoticeReads1795416780865';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "notice_reads" ("user_id" integer NOT NULL, "notice_id" integer NOT NULL, "read_at" bigint NOT NULL, CONSTRAINT "PK_0bd6487722271aea4e61f7ef711" PRIMARY KEY ("user_id", "notice_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_notice_reads_notice" ON "notice_reads" ("notice_id") `);
    await queryRunner.query(`ALTER TABLE "games" ADD "names" text`);
    await queryRunner.query(`ALTER TABLE "plans" ADD "titles" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plans" DROP COLUMN "titles"`);
    await queryRunner.query(`ALTER TABLE "games" DROP COLUMN "names"`);
    await queryRunner.query(`DROP INDEX "public"."ix_notice_reads_notice"`);
    await queryRunner.query(`DROP TABLE "notice_reads"`);
  }
}
