import { cliDatabase } from './cli-context';

void (async () => {
  const { ds } = await cliDatabase();
  const applied = await ds.query(`SELECT COUNT(*) AS n FROM migrations`);
  console.log(`Database migrated (${String((applied as { n: number }[])[0]?.n)} migrations applied).`);
  await ds.destroy();
})();
