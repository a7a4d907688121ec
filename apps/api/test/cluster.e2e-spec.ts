import { createDataSource } from '@sum28/database';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request, { type Test } from 'supertest';
import type { DataSource } from 'typeorm';
import { buildApi, REDIS_URL, roundsExactlyOnce, startInstances } from './factories/cluster';
import { createPgDatabase, fundOn, REPO_ROOT, type ServerProcess } from './factories/game';
import { startLimitMs } from './factories/limits';
import { requirePostgres } from './factories/postgres';
import { requireRedis } from './factories/redis';

/**
 * Issue 13 point 1: three real API processes (`node apps/api/dist/main.js`, SCHEDULER=on on all) on one
 * PostgreSQL database with REDIS_URL: what must be shared is shared. Each scenario talks to the instances
 * directly (the load balancer only spreads requests; `npm run start:cluster` puts nginx in front) and uses
 * its own client IP (TRUST_PROXY=true, X-Forwarded-For), so the per-IP limits of one do not touch another.
 */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL and Redis answer, or the test fails saying which is missing. */
function requireServices(): void {
  requirePostgres();
  requireRedis();
}

describe('scale-out: 3 instances, one PostgreSQL, Redis (REDIS_URL)', () => {
  beforeAll(requireServices);
  let db: { url: string; drop: () => Promise<void> } | null = null;
  let side: DataSource | null = null;
  const servers: ServerProcess[] = [];
  const api = (i: number): ReturnType<typeof request> => request(`http://127.0.0.1:${servers[i % servers.length]!.port}`);
  let ipCounter = 0;
  const freshIp = (): string => `10.13.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

  beforeAll(async () => {
    buildApi();
    db = await createPgDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      SCHEDULER: 'on',
      ROUND_SECONDS: '12',
      BET_CLOSE_SECONDS: '3',
      TRUST_PROXY: 'true',
      SIGNIN_RATE_LIMIT: '6',
    };
    await startInstances(3, env, servers);
    side = createDataSource({ url: db.url });
    await side.initialize();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGTERM');
    await side?.destroy();
    await db?.drop();
  });

  const register = async (i: number, ip: string): Promise<{ token: string; id: number; username: string }> => {
    const username = `cl${process.pid % 1000}x${++ipCounter}${Date.now() % 1000}`;
    const res = await api(i)
      .post('/index.php/api/user/register')
      .set('X-Forwarded-For', ip)
      .send({ username, password: 'secret-pw-123', invite_code: '100001', adult: true });
    if (res.body.code !== 1) throw new Error(`register: ${JSON.stringify(res.body)}`);
    return { token: res.body.data.userinfo.token, id: res.body.data.userinfo.user_id, username };
  };
  const heart = (i: number, token: string, ip: string, game = 1): Test =>
    api(i)
      .post('/index.php/api/Lottery/heart')
      .set('token', token)
      .set('X-Forwarded-For', ip)
      .send({ plan_id: (game - 1) * 4 + 1, game_id: game });

  it('counts the sign-in rate limit (SIGNIN_RATE_LIMIT per IP and minute) across instances', async () => {
    const ip = freshIp();
    const codes: string[] = [];
    for (let n = 0; n < 8; n++) {
      const res = await api(n).get('/index.php/api/user/captcha').set('X-Forwarded-For', ip);
      codes.push(res.status === 200 && res.body.code === 1 ? 'ok' : String(res.body.error));
    }
    // 6 per minute for the whole cluster (2 per instance), not 6 per instance
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
    // another client is not affected
    expect((await api(0).get('/index.php/api/user/captcha').set('X-Forwarded-For', freshIp())).body.code).toBe(1);
  });

  it('counts sign-in failures across instances: the 6th try is refused on any instance, even with the right password', async () => {
    const home = freshIp();
    const p = await register(0, home);
    const attacker = freshIp();
    const login = (i: number, password: string): Test =>
      api(i).post('/index.php/api/user/login').set('X-Forwarded-For', attacker).send({ account: p.username, password, lang: 'en' });
    // 5 failures spread over the 3 instances (fresh IP: the per-IP rate limit is 6 a minute)
    for (let n = 0; n < 5; n++) expect((await login(n, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    const refused = await login(2, 'secret-pw-123');
    // Three processes on real time: the wait left is 60 s from the fifth failure, less what a loaded machine took since.
    expect(refused.body).toMatchObject({ error: 'SIGN_IN_THROTTLED', params: { seconds: expect.any(Number) } });
    expect(refused.body.params.seconds).toBeGreaterThanOrEqual(50);
    expect(refused.body.params.seconds).toBeLessThanOrEqual(60);
  });

  it('refuses a session revoked on instance A on instances B and C at once, although they had just cached it', async () => {
    const logoutMs: number[] = [];
    for (let round = 0; round < 3; round++) {
      const ip = freshIp();
      const p = await register(0, ip);
      // B and C answer (and cache the session for up to 1 s)
      expect((await heart(1, p.token, ip)).body.code).toBe(1);
      expect((await heart(2, p.token, ip)).body.code).toBe(1);
      const t0 = Date.now();
      const out = await api(0).post('/index.php/api/user/logout').set('token', p.token).set('X-Forwarded-For', ip).send({});
      logoutMs.push(Date.now() - t0);
      expect(out.body.code).toBe(1);
      // the very next request on B and on C
      const [b, c] = await Promise.all([heart(1, p.token, ip), heart(2, p.token, ip)]);
      expect(b.body.code).not.toBe(1);
      expect(b.body).toEqual({ ...c.body, time: b.body.time });
      // and the same answer as on A itself
      const a = await heart(0, p.token, ip);
      expect(b.body).toEqual({ ...a.body, time: b.body.time });
    }
    // the sign-out answers once B and C confirmed (not after the 1 s bound)
    console.log(`cluster: sign-out on A answered in ${logoutMs.join(', ')} ms (B and C confirmed the revocation)`);
  });

  it("shows a bet placed on A in B's heartbeat (room feed and balance) within 1 s", async () => {
    const ip = freshIp();
    const p = await register(0, ip);
    await fundOn(side!, p.id, 1_000_000);
    // An open round with a few seconds left to bet
    let issue = '';
    for (let tries = 0; tries < 40 && issue === ''; tries++) {
      const h = await heart(1, p.token, ip);
      const cur = h.body.data?.issue;
      if (cur && !cur.whether_close && cur.openTime1 >= 3) issue = cur.issue;
      else await sleep(500);
    }
    expect(issue).not.toBe('');
    const before = await heart(1, p.token, ip); // B caches the session, balance and room feed
    expect(before.body.data.user_quantity.money).toBe(10000);
    const placed = await api(0)
      .post('/index.php/api/Lottery/playOrder')
      .set('token', p.token)
      .set('X-Forwarded-For', ip)
      .send({ issue, plan_id: 1, game_id: 1, play_type: 'big', money: '25' });
    expect(placed.body.code).toBe(1);
    const orderId = placed.body.data.order_id as number;
    const landed = Date.now();
    let seenAfter = -1;
    let money = 0;
    while (Date.now() - landed < 1000) {
      const h = await heart(1, p.token, ip);
      money = h.body.data.user_quantity.money;
      const inFeed = (h.body.data.message as { id: number }[]).some((m) => m.id === orderId);
      if (inFeed && money === 9975) {
        seenAfter = Date.now() - landed;
        break;
      }
      await sleep(25);
    }
    expect(money).toBe(9975);
    expect(seenAfter).toBeGreaterThanOrEqual(0);
    expect(seenAfter).toBeLessThan(1000);
    // and instance C answers the same
    const c = await heart(2, p.token, ip);
    expect(c.body.data.user_quantity.money).toBe(9975);
    expect((c.body.data.message as { id: number }[]).some((m) => m.id === orderId)).toBe(true);
  });

  it('draws and settles every round exactly once with three schedulers, and the ledger check reports 0', async () => {
    // Let the rounds of the scenarios above (and the bet) draw and settle, then stop the instances (the logs are final).
    await sleep(16_000);
    for (const s of servers) await s.stop('SIGTERM');
    const once = await roundsExactlyOnce(side!, servers);
    expect(once.settled).toBeGreaterThanOrEqual(4);
    expect(once.ledgerViolations).toBe(0);
  });
});

const nginxAvailable = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('npm run start:cluster -- --instances 2 (nginx in front, one port)', () => {
  beforeAll(() => {
    requireServices();
    if (!nginxAvailable) throw new Error('nginx is not installed (Debian: nginx-light; npm test installs it as root): this test needs it');
  });
  it('serves the API through nginx from both instances and stops everything on SIGTERM', async () => {
    const db = await createPgDatabase();
    const { freePort } = await import('./factories/game');
    const { spawn } = await import('node:child_process');
    const port = await freePort();
    const proc = spawn(process.execPath, [join(REPO_ROOT, 'scripts/cluster.js'), '--instances', '2', '--port', String(port)], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        DATABASE_URL: db.url,
        REDIS_URL,
        NODE_ENV: 'test',
        CAPTCHA_MODE: 'off',
        OPEN_HOURS: 'always',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'cluster-admin-pw-1',
        ROUND_SECONDS: '12',
        BET_CLOSE_SECONDS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    proc.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((ok) => proc.on('exit', (code) => ok(code)));
    try {
      const started = Date.now();
      while (!/Cluster up/.test(out) && proc.exitCode === null && Date.now() - started < startLimitMs()) await sleep(200);
      expect(out).toMatch(/Cluster up: http:\/\/127\.0\.0\.1:\d+/);
      const instancePorts = [...out.matchAll(/\[api\d\] .*Serving on http:\/\/localhost:(\d+)/g)].map((m) => Number(m[1]));
      expect(instancePorts).toHaveLength(2);
      const lb = (): ReturnType<typeof request> => request(`http://127.0.0.1:${port}`);
      for (let i = 0; i < 4; i++) expect((await lb().get('/health')).body).toMatchObject({ status: 'ok', database: 'postgres' });
      // a player's whole short path through the one port: register, heartbeat, sign out, refused
      const reg = await lb()
        .post('/index.php/api/user/register')
        .send({ username: `lb${process.pid % 1000}x${Date.now() % 100000}`, password: 'secret-pw-123', invite_code: '100001', adult: true });
      expect(reg.body.code).toBe(1);
      const token = reg.body.data.userinfo.token as string;
      for (let i = 0; i < 4; i++)
        expect((await lb().post('/index.php/api/Lottery/heart').set('token', token).send({ plan_id: 1, game_id: 1 })).body.code).toBe(1);
      expect((await lb().post('/index.php/api/user/logout').set('token', token).send({})).body.code).toBe(1);
      for (let i = 0; i < 4; i++)
        expect((await lb().post('/index.php/api/Lottery/heart').set('token', token).send({ plan_id: 1, game_id: 1 })).body.code).not.toBe(1);
      // the console through the same port
      expect((await lb().post('/admin-api/auth/login').send({ username: 'admin', password: 'cluster-admin-pw-1' })).status).toBe(200);
      const conf = /nginx config (\S+)\)/.exec(out)?.[1] ?? '';
      expect(existsSync(conf)).toBe(true);

      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(conf)).toBe(false); // the generated config went with its directory
      for (const p of [port, ...instancePorts]) await expect(request(`http://127.0.0.1:${p}`).get('/health').timeout(2000)).rejects.toThrow();
    } finally {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      await db.drop();
    }
  });
});
