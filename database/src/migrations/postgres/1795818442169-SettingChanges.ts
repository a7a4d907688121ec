import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SettingChanges1795818442169 implements MigrationInterface {
  name = 'SettingChanges1795818442169';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "setting_changes" ("id" SERIAL NOT NULL, "key" character varying(64) NOT NULL, "value" text, "requested_by" integer NOT NULL, "requested_at" bigint NOT NULL, "status" character varying(16) NOT NULL, "decided_by" integer, "decided_at" bigint, "reason" character varying(200), CONSTRAINT "PK_d8db8329dfb3d8fdc6d10c1a171" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_setting_changes_requested_at" ON "setting_changes" ("requested_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_setting_changes_pending_key" ON "setting_changes" ("key") WHERE status = 'pending'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_setting_changes_pending_key"`);
    await queryRunner.query(`DROP INDEX "public"."ix_setting_changes_requested_at"`);
    await queryRunner.query(`DROP TABLE "setting_changes"`);
  }
}
