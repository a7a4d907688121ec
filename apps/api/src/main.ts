import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { seedDatabase } from '@sum28/database';
import { DataSource } from 'typeorm';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './common/config/app-config';

async function main(): Promise<void> {
  let cfg;
  try {
    cfg = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await createApp(cfg);
  // Idempotent: the first start fills an empty database, later starts add nothing.
  const seeded = await seedDatabase(app.get(DataSource), { now: Date.now(), demo: cfg.seedDemo });
  if (seeded.inserted > 0) new Logger('Seed').log(`${seeded.inserted} items added`);
  await app.listen(cfg.port, cfg.host);
  new Logger('Sum28').log(
    `Serving on http://localhost:${cfg.port}  (player /, console API /admin-api, API docs /docs, database ${cfg.databaseUrl.replace(/\/\/.*@/, '//***@')})`,
  );
}

void main();
