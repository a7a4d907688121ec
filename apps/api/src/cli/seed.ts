import { seedDatabase } from '@sum28/database';
import { cliDatabase } from './cli-context';

void (async () => {
  const { cfg, ds } = await cliDatabase();
  const { inserted } = await seedDatabase(ds, { now: Date.now(), demo: cfg.seedDemo });
  console.log(inserted === 0 ? 'Seed: nothing to add (already seeded).' : `Seed: ${inserted} items added.`);
  await ds.destroy();
})();
