#!/usr/bin/env node
// Developer tool: writes a migration pair (SQLite and PostgreSQL) for the difference between the entities
// and the schema the existing migrations build. Review the generated files before committing them.
//   node scripts/migration-generate.js AddSomething
// Needs the PostgreSQL server of this machine (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres).
const { execFileSync } = require('node:child_process');
const { writeFileSync, rmSync, mkdirSync } = require('node:fs');
const path = require('node:path');

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: node scripts/migration-generate.js PascalCaseName');
  process.exit(2);
}
const root = path.resolve(__dirname, '..');
const out = path.join(root, '.tmp', 'migration-gen');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    path.join(root, 'database/tsconfig.json'),
    '--outDir',
    out,
    '--composite',
    'false',
    '--incremental',
    'false',
    '--declaration',
    'false',
    '--noEmit',
    'false',
  ],
  { stdio: 'inherit' },
);
require('reflect-metadata');
const { DataSource } = require('typeorm');
const { ENTITIES } = require(path.join(out, 'entities'));
const { SQLITE_MIGRATIONS, POSTGRES_MIGRATIONS } = require(path.join(out, 'migrations'));

function render(className, up, down) {
  const q = (s) => '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${up.map((s) => `    await queryRunner.query(${q(s.query)});`).join('\n')}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${down
  .reverse()
  .map((s) => `    await queryRunner.query(${q(s.query)});`)
  .join('\n')}
  }
}
`;
}

async function diff(options) {
  const ds = new DataSource({ ...options, entities: ENTITIES, synchronize: false, logging: false });
  await ds.initialize();
  await ds.runMigrations();
  const log = await ds.driver.createSchemaBuilder().log();
  await ds.destroy();
  return log;
}

(async () => {
  const ts = Date.now();
  const className = `${name}${ts}`;
  const sqliteFile = path.join(out, 'gen.sqlite');
  const s = await diff({ type: 'better-sqlite3', database: sqliteFile, migrations: SQLITE_MIGRATIONS });
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `sum28_gen_${ts}`;
  const adminDs = new DataSource({ type: 'postgres', url: admin });
  await adminDs.initialize();
  await adminDs.query(`CREATE DATABASE ${db}`);
  let p;
  try {
    p = await diff({ type: 'postgres', url: admin.replace(/\/[^/]*$/, `/${db}`), migrations: POSTGRES_MIGRATIONS });
  } finally {
    await adminDs.query(`DROP DATABASE IF EXISTS ${db}`);
    await adminDs.destroy();
  }
  for (const [kind, log] of [
    ['sqlite', s],
    ['postgres', p],
  ]) {
    if (log.upQueries.length === 0) {
      console.log(`${kind}: schema already matches the entities`);
      continue;
    }
    const file = path.join(root, 'database/src/migrations', kind, `${ts}-${name}.ts`);
    writeFileSync(file, render(className, log.upQueries, log.downQueries));
    console.log(`${kind}: wrote ${path.relative(root, file)} (${log.upQueries.length} statements); add ${className} to database/src/migrations/index.ts`);
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
