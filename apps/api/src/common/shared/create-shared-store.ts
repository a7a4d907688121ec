import { createHash } from 'node:crypto';
import { MemorySharedStore, type SharedStore } from './shared-store';
import { RedisSharedStore } from './redis-shared-store';

/**
 * Redis when REDIS_URL is set (several instances), else memory (one process; nothing to run). Keys and
 * channels are prefixed per database: the instances of one deployment (one DATABASE_URL) share their
 * counters and notices, and another deployment (or test run) on the same Redis server never sees them.
 */
export async function createSharedStore(redisUrl: string | null, databaseUrl: string): Promise<SharedStore> {
  if (redisUrl === null || redisUrl === '') return new MemorySharedStore();
  const prefix = `sum28:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}:`;
  const store = new RedisSharedStore(redisUrl, prefix);
  try {
    await store.ready();
  } catch (e) {
    await store.close();
    throw new Error(`REDIS_URL=${redisUrl}: Redis does not answer (${(e as Error).message})`, { cause: e });
  }
  return store;
}
