import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { SharedStore } from './shared-store';

/** Every key and channel of one deployment starts with this (several deployments may share a server). */
const DEFAULT_PREFIX = 'sum28:';

/** KEYS[1] counter, KEYS[2] flag, ARGV[1] window in ms: {-1, flag's PTTL} when the flag is set, else {hits, counter's PTTL}. */
const HIT_UNLESS_SET_LUA = `
local f = redis.call('PTTL', KEYS[2])
if f ~= -2 then return {-1, f} end
local h = redis.call('INCRBY', KEYS[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {h, redis.call('PTTL', KEYS[1])}`;

/** The script above as ioredis defines it on the command connection (EVALSHA, EVAL the first time). */
interface HitUnlessSetCommand {
  sum28HitUnlessSet(key: string, flagKey: string, windowMs: number): Promise<[number, number]>;
}

/**
 * The shared store on Redis (ioredis): counters are INCR + PEXPIRE NX in one MULTI (atomic across
 * instances), notices are PUBLISH / SUBSCRIBE on a second connection; the echo of this instance's own
 * messages is skipped (it acted on them already).
 */
export class RedisSharedStore implements SharedStore {
  readonly kind = 'redis' as const;
  private readonly log = new Logger('RedisSharedStore');
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  /** Tags this instance's messages so it can skip their echo. */
  private readonly origin = `${process.pid}.${randomBytes(5).toString('hex')}`;

  constructor(
    url: string,
    private readonly prefix = DEFAULT_PREFIX,
  ) {
    // Commands fail within a second when Redis is down (callers fall back or drop a notice), never hang.
    // Auto-pipelining: the commands issued in one turn of the event loop (the throttler scripts and the PUBLISHes
    // of concurrent requests) go out in one socket write, in order, instead of one write each.
    const opts = { maxRetriesPerRequest: 2, commandTimeout: 1000, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true } as const;
    this.cmd = new Redis(url, opts);
    this.sub = new Redis(url, opts);
    for (const c of [this.cmd, this.sub]) c.on('error', (e: Error) => this.log.warn(`redis: ${e.message}`));
    this.cmd.defineCommand('sum28HitUnlessSet', { numberOfKeys: 2, lua: HIT_UNLESS_SET_LUA });
    this.sub.on('message', (channel: string, raw: string) => this.deliver(channel, raw));
  }

  /**
   * Resolves once both connections answer (the app waits for it at boot, so a wrong REDIS_URL fails loudly). A PING
   * that outlasts the 1 s command limit (a loaded machine, a busy Redis) is tried again, 5 times in all (about 6 s),
   * before the boot fails: seen when two test suites loaded a 2-core machine to 17.
   */
  async ready(attempts = 5): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await Promise.all([this.cmd.ping(), this.sub.ping()]);
        return;
      } catch (e) {
        if (attempt >= attempts) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /**
   * While the command connection is not up (Redis stopped, restarting), commands fail at once rather than wait in
   * ioredis's offline queue for a reconnection that may take seconds: callers fall back (rate limits count per
   * instance, notices are dropped) without making the request wait. ioredis reconnects by itself meanwhile.
   */
  private up(): void {
    if (this.cmd.status !== 'ready') throw new Error(`redis: not connected (${this.cmd.status})`);
  }

  async hit(key: string, windowMs: number, by = 1): Promise<{ hits: number; msLeft: number }> {
    this.up();
    const k = this.prefix + key;
    const res = await this.cmd.multi().incrby(k, by).pexpire(k, windowMs, 'NX').pttl(k).exec();
    if (res === null) throw new Error('redis: MULTI aborted');
    const [incr, , ttl] = res;
    if (incr?.[0] || ttl?.[0]) throw (incr?.[0] ?? ttl?.[0]) as Error;
    const msLeft = Number(ttl?.[1]);
    return { hits: Number(incr?.[1]), msLeft: msLeft > 0 ? msLeft : windowMs };
  }

  /**
   * One script (atomic, one round trip): PTTL of the flag; when it exists (-1: no expiry, or > 0), its time to
   * live and nothing counted; else INCRBY + PEXPIRE NX + PTTL of the counter, as `hit` does in its MULTI.
   */
  async hitUnlessSet(key: string, flagKey: string, windowMs: number): Promise<{ flagMsLeft: number } | { hits: number; msLeft: number }> {
    this.up();
    const [hits, ttl] = await (this.cmd as Redis & HitUnlessSetCommand).sum28HitUnlessSet(this.prefix + key, this.prefix + flagKey, windowMs);
    if (hits < 0) return { flagMsLeft: ttl > 0 ? ttl : Number.MAX_SAFE_INTEGER };
    return { hits, msLeft: ttl > 0 ? ttl : windowMs };
  }

  async setFor(key: string, value: string, ttlMs: number): Promise<void> {
    this.up();
    await this.cmd.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async get(key: string): Promise<{ value: string; msLeft: number } | null> {
    this.up();
    const k = this.prefix + key;
    const res = await this.cmd.multi().get(k).pttl(k).exec();
    const value = res?.[0]?.[1];
    const ttl = Number(res?.[1]?.[1]);
    if (typeof value !== 'string') return null;
    return { value, msLeft: ttl > 0 ? ttl : Number.MAX_SAFE_INTEGER };
  }

  async publish(channel: string, message: string): Promise<number> {
    this.up();
    const reached = await this.cmd.publish(this.prefix + channel, `${this.origin}|${message}`);
    // PUBLISH counts this instance's own subscription too (its echo is skipped)
    return Math.max(0, reached - (this.handlers.has(channel) ? 1 : 0));
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    let set = this.handlers.get(channel);
    if (set === undefined) {
      this.handlers.set(channel, (set = new Set()));
      void this.sub.subscribe(this.prefix + channel).catch((e: Error) => this.log.error(`subscribe ${channel}: ${e.message}`));
    }
    set.add(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.cmd.quit()]);
  }

  private deliver(prefixed: string, raw: string): void {
    const bar = raw.indexOf('|');
    if (bar < 0 || raw.slice(0, bar) === this.origin) return;
    this.dispatch(prefixed.slice(this.prefix.length), raw.slice(bar + 1));
  }

  private dispatch(channel: string, message: string): void {
    for (const h of this.handlers.get(channel) ?? []) {
      try {
        h(message);
      } catch (e) {
        this.log.error(`handler of ${channel}: ${(e as Error).message}`);
      }
    }
  }
}
