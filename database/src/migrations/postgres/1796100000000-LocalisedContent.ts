import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-locale content (JSON text, locale -> text, like games.names): banner captions, article and notice titles and
 * bodies. The player API serves the request's language, then tw, then the row's own title/content.
 */
export class LocalisedContent1796100000000 implements MigrationInterface {
  name = 'LocalisedContent1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "banners" ADD "titles" text`);
    await queryRunner.query(`ALTER TABLE "articles" ADD "titles" text`);
    await queryRunner.query(`ALTER TABLE "articles" ADD "contents" text`);
    await queryRunner.query(`ALTER TABLE "notices" ADD "titles" text`);
    await queryRunner.query(`ALTER TABLE "notices" ADD "contents" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notices" DROP COLUMN "contents"`);
    await queryRunner.query(`ALTER TABLE "notices" DROP COLUMN "titles"`);
    await queryRunner.query(`ALTER TABLE "articles" DROP COLUMN "contents"`);
    await queryRunner.query(`ALTER TABLE "articles" DROP COLUMN "titles"`);
    await queryRunner.query(`ALTER TABLE "banners" DROP COLUMN "titles"`);
  }
}
