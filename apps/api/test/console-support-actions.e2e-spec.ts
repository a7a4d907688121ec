import { NoticeEntity } from '@sum28/database';
import { auditRows, consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';
import type { Role } from '../src/console/roles';

/**
 * Issue 12 point 3: customer service freezes / unfreezes a player with a reason and sends one player an in-site
 * message (POST users/:id/message, `users.message`) without `notices.write`, which edits public announcements.
 */
describe('customer service: freeze, unfreeze and a message to one player', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  let player: { userId: number };
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    player = await registerPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('support freezes and unfreezes with a reason, audited as support', async () => {
    const f = await consoleCall(t, 'post', `/admin-api/users/${player.userId}/freeze`, tok.support, { reason: 'asked by phone' });
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ id: player.userId, status: 'frozen' });
    const u = await consoleCall(t, 'post', `/admin-api/users/${player.userId}/unfreeze`, tok.support, { reason: 'identity checked' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ status: 'active' });
    const [row] = await auditRows(t, 'user.freeze', player.userId);
    expect(row).toMatchObject({ staff_role: 'support', reason: 'asked by phone' });
  });

  it('support sends one player a message: a published notice of kind message, audited as notice.create', async () => {
    const res = await consoleCall(t, 'post', `/admin-api/users/${player.userId}/message`, tok.support, {
      title: 'Your withdrawal',
      content: 'It is on its way.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'message', user_id: player.userId, title: 'Your withdrawal', published: true });
    const stored = await t.ds.getRepository(NoticeEntity).findOneByOrFail({ id: res.body.id as number });
    expect(stored).toMatchObject({ kind: 'message', user_id: player.userId });
    const [row] = await auditRows(t, 'notice.create', res.body.id as number);
    expect(row).toMatchObject({ staff_role: 'support', target_type: 'notice' });
  });

  it('support may not write announcements; finance may not message; bad input and an unknown player change nothing', async () => {
    const before = await t.ds.getRepository(NoticeEntity).count();
    const ann = await consoleCall(t, 'post', '/admin-api/notices', tok.support, { kind: 'announcement', title: 'x', content: 'y' });
    expect(ann.status).toBe(403);
    const fin = await consoleCall(t, 'post', `/admin-api/users/${player.userId}/message`, tok.finance, { title: 'x', content: 'y' });
    expect(fin.status).toBe(403);
    const empty = await consoleCall(t, 'post', `/admin-api/users/${player.userId}/message`, tok.support, { title: '', content: 'y' });
    expect(empty.status).toBe(400);
    const nobody = await consoleCall(t, 'post', '/admin-api/users/987654/message', tok.support, { title: 'x', content: 'y' });
    expect(nobody.status).toBe(400);
    expect(JSON.stringify(nobody.body)).toMatch(/no such player/);
    expect(await t.ds.getRepository(NoticeEntity).count()).toBe(before);
  });
});
