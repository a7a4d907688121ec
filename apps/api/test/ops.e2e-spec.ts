import { CapitalLogEntity } from '@sum28/database';
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { ownRedis, type OwnRedis } from './factories/cluster';
import { bet, clockTo, engine, freePort, freshRound, roundOf } from './factories/game';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';

/** The value of one sample of the Prometheus text (`name{labels}`, labels as written), or null when absent. */
function sample(text: string, series: string): number | null {
  for (const line of text.split('\n')) if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  return null;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.http().get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.text;
}

describe('operations: request ids, JSON logs, metrics, liveness and readiness', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) {
          raw.push(l);
          lines.push(JSON.parse(l) as Record<string, unknown>);
        }
        cb();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { logSink: sink });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('honours a sane x-request-id, replaces an odd one, echoes it and logs it with the route template', async () => {
    const mine = await t.http().get('/health/live').set('x-request-id', 'edge-42.abc');
    expect(mine.status).toBe(200);
    expect(mine.body.status).toBe('live');
    expect(mine.headers['x-request-id']).toBe('edge-42.abc');
    const odd = await t.http().get('/health/live').set('x-request-id', 'bad id "with" spaces');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.http().get('/health');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((l) => l['reqId'] === 'edge-42.abc' && l['msg'] === 'request');
    expect(line).toMatchObject({ method: 'GET', route: '/health/live', path: '/health/live', status: 200, level: 30 });
    expect(typeof line?.['ms']).toBe('number');
    expect(lines.some((l) => l['reqId'] === odd.headers['x-request-id'])).toBe(true);
  });

  it('never writes secrets: token and authorization headers, passwords, security codes and TOTP codes are redacted', async () => {
    const p = await registerPlayer(t, undefined, 'Sekrit-pass-77');
    await t.http().post('/index.php/api/user/login').send({ username: p.username, password: 'Sekrit-pass-77' });
    await t.http().post('/index.php/api/user/index').set('token', p.token).send({});
    const log = t.app.getHttpAdapter().getInstance().log;
    log.info({
      req: { headers: { token: p.token, authorization: 'Bearer staff-secret-1', cookie: 'sid=cookie-secret-1' } },
      body: { password: 'Sekrit-pass-77', securityCode: '246810', otp: '135791', new_pass: 'Another-pass-1' },
      totp: '975311',
    });
    const all = raw.join('\n');
    for (const secret of [p.token, 'Sekrit-pass-77', 'staff-secret-1', 'cookie-secret-1', '246810', '135791', 'Another-pass-1', '975311'])
      expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });

  it('/metrics counts requests per route template, bets placed, settlements and their duration, pending approvals and the pool', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    const before = await scrape(t);
    const betsBefore = sample(before, 'sum28_bets_placed_total') ?? 0;
    const settleBefore = sample(before, 'sum28_settlements_total') ?? 0;
    const settledBetsBefore = sample(before, 'sum28_settled_bets_total') ?? 0;
    const durBefore = sample(before, 'sum28_settlement_duration_seconds_count') ?? 0;
    const series = 'http_requests_total{method="POST",route="/index.php/api/Lottery/playOrder",status="2xx"}';
    const reqBefore = sample(before, series) ?? 0;

    for (const play_type of ['big', 'odd']) expect((await bet(t, p.token, { issue: slot.issue, play_type, money: 10 })).code).toBe(1);
    const refused = await bet(t, p.token, { issue: slot.issue, play_type: 'nope', money: 10 });
    expect(refused.code).not.toBe(1);

    const r = await roundOf(t.ds, 1, slot.issue);
    clockTo(t, slot.drawAt);
    const e = engine(t);
    expect(await e.lifecycle.close(r.id, t.clock.now())).toBe(true);
    expect(await e.lifecycle.draw(r.id, t.clock.now())).toBe(true);
    expect(await e.settlement.settleRound(r.id)).not.toBeNull();

    const after = await scrape(t);
    expect(sample(after, 'sum28_bets_placed_total')).toBe(betsBefore + 2);
    expect(sample(after, 'sum28_settlements_total')).toBe(settleBefore + 1);
    expect(sample(after, 'sum28_settled_bets_total')).toBe(settledBetsBefore + 2);
    expect(sample(after, 'sum28_settlement_duration_seconds_count')).toBe(durBefore + 1);
    // the refused bet is an HTTP 200 too (the envelope carries the error): three requests on the template
    expect(sample(after, series)).toBe(reqBefore + 3);
    expect(sample(after, 'http_request_duration_seconds_count{method="POST",route="/index.php/api/Lottery/playOrder",status="2xx"}')).toBe(reqBefore + 3);
    // the label is the template, never the raw URL
    await t.http().get('/admin-api/users/123456');
    const third = await scrape(t);
    expect(third).not.toContain('123456"');
    expect(third).toMatch(/http_requests_total\{method="GET",route="\/admin-api\/users\/:id",status="4xx"\} \d/);
    // (a POST: a GET of an unknown path is the player app's history fallback when apps/player/dist is built)
    await t.http().post('/no/such/route/xyz').send({});
    expect(await scrape(t)).toMatch(/http_requests_total\{method="POST",route="unmatched",status="4xx"\} \d/);

    expect(sample(after, 'sum28_pending_approvals{type="recharge"}')).not.toBeNull();
    expect(sample(after, 'sum28_pending_approvals{type="withdraw"}')).not.toBeNull();
    expect(sample(after, 'sum28_ledger_check_status')).toBe(-1);
    expect(sample(after, 'sum28_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('process_cpu_user_seconds_total');
  });

  it('counts pending approvals at scrape time', async () => {
    const p = await registerPlayer(t);
    const before = sample(await scrape(t), 'sum28_pending_approvals{type="recharge"}') ?? 0;
    await t.ds
      .getRepository(CapitalLogEntity)
      .insert({ user_id: p.userId, type: 0, quantity_minor: 500, status: 0, pay_snapshot: () => 'NULL', created_at: t.clock.now() });
    expect(sample(await scrape(t), 'sum28_pending_approvals{type="recharge"}')).toBe(before + 1);
  });

  it('refuses /metrics to a request relayed by a proxy (not loopback) when METRICS_TOKEN is unset', async () => {
    const res = await t.http().get('/metrics').set('x-forwarded-for', '203.0.113.9');
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('http_requests_total');
  });

  it('the OpenAPI document gives /metrics as text with its 401 and 403, and /health/ready with its 503 (found by T19)', async () => {
    const spec = (await t.http().get('/docs/openapi.json')).body as {
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> } }>;
    };
    const metrics = spec.paths['/metrics']?.get.responses ?? {};
    expect(Object.keys(metrics).sort()).toEqual(['200', '401', '403']);
    for (const status of ['200', '401', '403']) expect(Object.keys(metrics[status]?.content ?? {})).toEqual(['text/plain']);
    const ready = spec.paths['/health/ready']?.get.responses ?? {};
    expect(ready['503']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ReadinessResponse' });
    expect(Object.keys(ready['200']?.content ?? {})).toEqual(['application/json']);
  });

  it('/health/ready answers ready with every check, /health keeps its answer', async () => {
    const ready = await t.http().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', shared_store: 'memory' } });
    const health = await t.http().get('/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });
});

describe('operations: /metrics with METRICS_TOKEN, readiness with the database closed', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the bearer token, from loopback too', async () => {
    expect((await t.http().get('/metrics')).status).toBe(401);
    expect((await t.http().get('/metrics').set('authorization', 'Bearer wrong-token-0123456789')).status).toBe(401);
    const ok = await t.http().get('/metrics').set('authorization', `Bearer ${token}`).set('x-forwarded-for', '203.0.113.9');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('# TYPE http_requests_total counter');
  });

  it('/health/ready is 503 with a reason when the database is closed; /health/live still answers', async () => {
    await t.ds.destroy();
    const res = await t.http().get('/health/ready');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('not_ready');
    expect(res.body.checks.database).toBe('failed');
    expect(res.body.reason).toMatch(/^database: /);
    expect((await t.http().get('/health/live')).status).toBe(200);
  });
});

/** `redis-server` on this machine (the private one below is started and killed by the test; the shared one is never touched). */
const hasRedisServer = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('operations: readiness, rate limits and sign-outs with REDIS_URL set and Redis down', () => {
  let t: TestApp;
  let redis: OwnRedis;
  beforeAll(async () => {
    if (!hasRedisServer) throw new Error('redis-server is not installed (Debian: redis-server): this test starts and kills one of its own');
    redis = await ownRedis(await freePort());
    t = await createTestApp({ REDIS_URL: redis.url, SIGNIN_RATE_LIMIT: '4' });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });
  const captcha = async (ip: string): Promise<number> => (await t.http().get('/index.php/api/user/captcha').set('x-forwarded-for', ip)).status;

  it('/health/ready says 503 with the reason while Redis does not answer, and ready again once it does', async () => {
    const up = await t.http().get('/health/ready');
    expect(up.status).toBe(200);
    expect(up.body.checks.shared_store).toBe('ok');
    const p = await registerPlayer(t);
    // The same calls with Redis up, for comparison: the assertions below must hold on a loaded machine too, so they
    // compare with what the calls take now rather than with fixed times.
    const b1 = Date.now();
    for (let i = 0; i < 6; i++) await captcha('198.51.100.8');
    const captchaBaseMs = Date.now() - b1;
    const other = await registerPlayer(t);
    const b2 = Date.now();
    expect((await t.http().post('/index.php/api/user/logout').set('token', other.token).send({})).body.code).toBe(1);
    const logoutBaseMs = Date.now() - b2;

    await redis.kill();
    const t0 = Date.now();
    const down = await t.http().get('/health/ready');
    const readyMs = Date.now() - t0;
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok', shared_store: 'failed' } });
    expect(down.body.reason).toMatch(/^shared store: /);
    expect((await t.http().get('/health/live')).status).toBe(200);
    // rate limits fail open to this instance's own count (not to no limit): 4 a minute, then 429
    const t1 = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await captcha('198.51.100.7'));
    const limitedMs = Date.now() - t1;
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // without waiting for Redis first (a command fails at once while the connection is down; waiting cost ~0.85 s a
    // call, over 5 s for the six)
    expect(limitedMs).toBeLessThan(captchaBaseMs + 3000);
    // a sign-out still answers and holds on this instance (the notice to the others is lost; their session cache lasts 1 s)
    const t2 = Date.now();
    const out = await t.http().post('/index.php/api/user/logout').set('token', p.token).send({});
    const logoutMs = Date.now() - t2;
    expect(out.body.code).toBe(1);
    expect(logoutMs).toBeLessThan(logoutBaseMs + 1200); // the notice to the others is dropped at once (it waited ~2 s more)
    expect((await t.http().post('/index.php/api/user/userInfo').set('token', p.token).send({})).body.code).not.toBe(1);

    await redis.start();
    const t3 = Date.now();
    let back = 0;
    while (Date.now() - t3 < 15_000) {
      if ((await t.http().get('/health/ready')).status === 200) {
        back = Date.now() - t3;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBeGreaterThan(0);
    expect((await t.http().get('/health/ready')).body.checks.shared_store).toBe('ok');
    console.log(
      `Redis down: /health/ready 503 in ${readyMs} ms; 6 rate-limited calls in ${limitedMs} ms (per-instance count: ${statuses.join(' ')}); ` +
        `sign-out answered in ${logoutMs} ms; ready again ${back} ms after Redis restarted`,
    );
  });
});
