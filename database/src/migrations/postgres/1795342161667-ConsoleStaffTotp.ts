import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConsoleStaffTotp1795342161667 implements MigrationInterface {
  name = 'ConsoleStaffTotp1795342161667';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "staff" ADD "totp_enabled" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "staff" ADD "totp_last_step" bigint`);
    await queryRunner.query(`CREATE INDEX "ix_staff_sessions_staff" ON "staff_sessions" ("staff_id") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_logs_target" ON "audit_logs" ("target_type", "target_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_audit_logs_target"`);
    await queryRunner.query(`DROP INDEX "public"."ix_staff_sessions_staff"`);
    await queryRunner.query(`ALTER TABLE "staff" DROP COLUMN "totp_last_step"`);
    await queryRunner.query(`ALTER TABLE "staff" DROP COLUMN "totp_enabled"`);
  }
}
