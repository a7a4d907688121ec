import { UserSessionEntity } from '@sum28/database';
import { SessionService } from '../src/auth/session.service';
import { HeartRoute } from '../src/lottery/heart-route';
import { SessionCache } from '../src/auth/session-cache';
import { ReadDb } from '../src/common/db/read-db';
import type { Role } from '../src/console/roles';
import { createConsoleApp, resetPlayerPassword, roleTokens } from './console-fixtures';
import { call } from './factories/game';
import { registerPlayer, type TestApp } from './factories/test-app';

const HEART = { plan_id: 1, game_id: 1 };

/**
 * Issue 8, point 10: revocation is immediate. The session cache the heartbeat shares with the player
 * guard (SessionCache) remembers a looked-up session for up to a second; after a logout, a password change or a staff reset the next heartbeat on this
 * instance must already be refused. The clock is held still, so a stale cache entry would never expire
 * by itself during the test.
 */
describe('session revocation reaches the heartbeat at once (this instance)', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  let route: HeartRoute;
  let cache: SessionCache;
  let frozen: jest.SpyInstance | null = null;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    route = t.app.get(HeartRoute);
    cache = t.app.get(SessionCache);
  });
  afterEach(() => {
    frozen?.mockRestore();
    frozen = null;
  });
  afterAll(async () => {
    await t.close();
  });

  function holdClock(): void {
    const now = t.clock.now();
    frozen = jest.spyOn(t.clock, 'now').mockReturnValue(now);
  }

  /** A heartbeat answered twice, the second time from the session cache (so its session is now cached). */
  async function warm(token: string): Promise<void> {
    const before = route.answered;
    expect((await call(t, 'Lottery/heart', token, HEART)).code).toBe(1);
    const hits = cache.hits;
    expect((await call(t, 'Lottery/heart', token, HEART)).code).toBe(1);
    expect([route.answered, cache.hits]).toEqual([before + 2, hits + 1]);
  }

  it('after logout the very next heartbeat is refused with 50012', async () => {
    const p = await registerPlayer(t);
    holdClock();
    await warm(p.token);
    expect((await call(t, 'user/logout', p.token, {})).code).toBe(1);
    const before = route.answered;
    const heart = await call(t, 'Lottery/heart', p.token, HEART);
    expect(heart).toMatchObject({ code: 50012, error: 'SESSION_REPLACED', data: null });
    expect(route.answered).toBe(before);
  });

  it('after a password change the other sessions are refused by the very next heartbeat; the changing one goes on', async () => {
    const p = await registerPlayer(t);
    const second = await t.http().post('/index.php/api/user/login').send({ account: p.username, password: p.password });
    const other = second.body.data.userinfo.token as string;
    holdClock();
    await warm(p.token);
    await warm(other);
    expect((await call(t, 'user/newPass', p.token, { new_pass: 'brand-new-7', after_pass: p.password })).code).toBe(1);
    expect((await call(t, 'Lottery/heart', other, HEART)).error).toBe('SESSION_REPLACED');
    expect((await call(t, 'Lottery/heart', p.token, HEART)).code).toBe(1);
  });

  it('after a staff password reset the very next heartbeat is refused', async () => {
    const p = await registerPlayer(t);
    holdClock();
    await warm(p.token);
    const reset = await resetPlayerPassword(t, p.userId, tok.support, tok.superadmin, { reason: 'caller verified' });
    expect(reset.status).toBe(200);
    expect((await call(t, 'Lottery/heart', p.token, HEART)).error).toBe('SESSION_REPLACED');
  });

  it('a session lookup that overlapped a revocation is neither trusted nor cached: that heartbeat and the next are refused', async () => {
    const p = await registerPlayer(t);
    const session = await t.ds.getRepository(UserSessionEntity).findOneByOrFail({ user_id: p.userId });
    holdClock();
    const db = t.app.get(ReadDb);
    const real = db.all.bind(db);
    // The logout commits while the session cache's read (which saw the session live) is in flight.
    const spy = jest.spyOn(db, 'all').mockImplementationOnce(async (...args: Parameters<ReadDb['all']>) => {
      const rows = await real(...args);
      await t.app.get(SessionService).revoke(session.id, p.userId);
      return rows;
    });
    try {
      expect((await call(t, 'Lottery/heart', p.token, HEART)).error).toBe('SESSION_REPLACED');
      expect((await call(t, 'Lottery/heart', p.token, HEART)).error).toBe('SESSION_REPLACED');
    } finally {
      spy.mockRestore();
    }
  });
});
