import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { seedDatabase } from '@sum28/database';
import { DataSource } from 'typeorm';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './common/config/app-config';
import { RoundScheduler } from './rounds/round-scheduler.service';

async function main(): Promise<void> {
  const cfg = loadConfigOrExit();
  const app = await createApp(cfg);
  // Idempotent: the first start fills an empty database, later starts add nothing.
  const seeded = await seedDatabase(app.get(DataSource), { now: Date.now(), demo: cfg.seedDemo });
  if (seeded.inserted > 0) new Logger('Seed').log(`${seeded.inserted} items added`);
  await app.listen(cfg.port, cfg.host);
  // The port bound (PORT=0 asks the system for a free one: tests and scripts/cluster.js read it from this line).
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : cfg.port;
  new Logger('Sum28').log(
    `Serving on http://localhost:${port}  (player /, console /admin/, console API /admin-api, API docs /docs, database ${cfg.databaseUrl.replace(/\/\/.*@/, '//***@')})`,
  );
  // Rounds move once the server serves: a catch-up settlement never holds the start-up writes back.
  app.get(RoundScheduler).start();
}

void main();
