import { execFileSync } from 'node:child_process';

/** The Redis the scale-out tests use (REDIS_URL, default the machine's). */
export const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers `PING` at `url`. */
export function redisAvailable(url = REDIS_URL): boolean {
  try {
    return execFileSync('redis-cli', ['-u', url, 'ping'], { timeout: 5000 }).toString().trim() === 'PONG';
  } catch {
    return false;
  }
}

/** Fails the calling test (or hook) when Redis does not answer at `url`: a test that could not run is a failure, never a skip. */
export function requireRedis(url = REDIS_URL): void {
  if (!redisAvailable(url)) throw new Error(`Redis does not answer at ${url}: install and start redis-server (or set REDIS_URL); this test needs it`);
}
