import { consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import type { TestApp } from './factories/test-app';
import type { Role } from '../src/console/roles';

/**
 * Issue 12 point 4: opening hours and round length are deployment configuration, shown read-only on the console's
 * settings page from GET settings/schedule (the same values the player API's index/config answers as `game`).
 */
describe('console: the round schedule, read-only', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp({ OPEN_HOURS: '10:00-02:00', PLATFORM_TZ: 'Asia/Taipei', ROUND_SECONDS: '300', BET_CLOSE_SECONDS: '30' });
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the deployment's schedule to settings readers, as the player API does", async () => {
    const res = await consoleCall(t, 'get', '/admin-api/settings/schedule', tok.finance);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ open_hours: '10:00-02:00', tz: 'Asia/Taipei', round_seconds: 300, bet_close_seconds: 30 });
    const player = await t.http().get('/index.php/api/index/config');
    // The player's copy adds the betting rules an app needs before a bet (the opposite-bet policy).
    expect(player.body.data.game).toEqual({ ...res.body, opposite_bet_policy: 'same_amount' });
  });

  it('is refused to roles without settings.read and cannot be written', async () => {
    expect((await consoleCall(t, 'get', '/admin-api/settings/schedule', tok.support)).status).toBe(403);
    const put = await consoleCall(t, 'put', '/admin-api/settings/schedule', tok.operator, { value: '00:00-23:59' });
    expect(put.status).toBe(404);
    expect((await consoleCall(t, 'get', '/admin-api/settings/schedule', tok.operator)).body).toMatchObject({ open_hours: '10:00-02:00' });
  });
});
