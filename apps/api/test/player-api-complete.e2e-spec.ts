import { ERROR_CODE_KEYS, ERROR_CODES } from '@sum28/contracts';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { adminToken, consoleCall, createConsoleApp, putSetting } from './console-fixtures';
import { balanceOf, bet, call, clockTo, engine, freshRound } from './factories/game';
import { fundPlayer, registerPlayer, type TestApp } from './factories/test-app';

/** Issue 9: every answer the app needs, complete and in the player's language. */

async function moneyOf(t: TestApp, userId: number): Promise<number> {
  return (await balanceOf(t.ds, userId)).money / 100;
}

describe('player API: complete answers in the caller’s language', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createConsoleApp({ CS_CHAT_URL: 'https://chat.example.com/room' });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('heartbeat: every spec field on each feed item, the base categories named in the caller’s language, and a balance never older than the caller’s own last write', async () => {
    const alice = await registerPlayer(t);
    await fundPlayer(t, alice.userId, 100_000);
    const slot = await freshRound(t);
    const heart = (): ReturnType<typeof call> => call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1, lang: 'en' });
    expect((await heart()).data.user_quantity.money).toBe(1000); // the session and balance are now cached

    // A bet: the very next poll shows the stake taken.
    const placed = await bet(t, alice.token, { issue: slot.issue, play_type: 'big', money: '10' });
    expect(placed.code).toBe(1);
    const after = await heart();
    expect(after.data.user_quantity.money).toBe(990);
    const item = (after.data.message as Record<string, unknown>[]).find((m) => m['id'] === placed.data.order_id);
    for (const field of ['user_id', 'inviter_id', 'nickname', 'url', 'issue', 'quantity', 'play_method', 'play_type']) expect(item).toHaveProperty(field);
    expect(item).toMatchObject({ inviter_id: null, play_method: 'Big', play_type: 'big', quantity: 10, issue: slot.issue });
    expect(String(item?.['user_id'])).not.toBe(String(alice.userId));

    // Settlement: a sure win (every exact sum) is credited, and the next poll shows it.
    for (let s = 0; s <= 27; s++) expect((await bet(t, alice.token, { issue: slot.issue, play_type: `sum_${s}`, money: '1' })).code).toBe(1);
    clockTo(t, slot.drawAt + 10);
    expect((await heart()).data.user_quantity.money).toBe(await moneyOf(t, alice.userId)); // cached again, before the draw
    await engine(t).lifecycle.tick();
    const settled = await heart();
    const money = await moneyOf(t, alice.userId);
    expect(money).toBeGreaterThan(962);
    expect(settled.data.user_quantity.money).toBe(money);

    const sum = settled.data.last_issue.code as number;
    expect(settled.data.last_issue.base).toEqual([sum >= 14 ? 'big' : 'small', sum % 2 === 1 ? 'odd' : 'even']);
    expect(settled.data.last_issue.base_names).toEqual([sum >= 14 ? 'Big' : 'Small', sum % 2 === 1 ? 'Odd' : 'Even']);
    const kor = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1, lang: 'kor' });
    expect(kor.data.last_issue.base_names).toEqual([sum >= 14 ? '대' : '소', sum % 2 === 1 ? '홀' : '짝']);
  });

  it('catalogue: line names, room titles, tiers and categories come in the caller’s language, editable per locale in the console, falling back to tw', async () => {
    const p = await registerPlayer(t);
    const index = async (lang: string): Promise<{ name: string; planList: { title: string; tier_name: string }[] }[]> =>
      (await call(t, 'Lottery/index', p.token, { lang })).data.gameList;
    const jp = await index('jp');
    expect(jp.map((g) => g.name)).toEqual(['シンガポール', 'ニュージーランド', 'クアラルンプール', 'オーストラリア']);
    expect(jp[0]?.planList.map((x) => [x.title, x.tier_name])).toEqual([
      ['初級ルーム', '初級'],
      ['中級ルーム', '中級'],
      ['上級ルーム', '上級'],
      ['達人ルーム', '達人'],
    ]);
    expect((await index('zh'))[1]?.name).toBe('新西兰');
    expect((await index('tw'))[3]?.name).toBe('澳洲');
    expect((await index('en'))[2]?.planList[3]?.tier_name).toBe('Master');

    // The console edits names per locale; a missing locale falls back to tw.
    expect((await consoleCall(t, 'put', '/admin-api/games/1', admin, { names: { tw: '星洲線', en: 'Lion City' } })).status).toBe(200);
    expect((await consoleCall(t, 'put', '/admin-api/plans/1', admin, { titles: { tw: '新手房', kor: '입문방' } })).status).toBe(200);
    const bad = await consoleCall(t, 'put', '/admin-api/games/1', admin, { names: { xx: 'Nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('names');
    const labels = await putSetting(t, 'catalog_labels', admin, { en: { big: 'High', senior: 'Pro' } });
    expect(labels.status).toBe(200);
    expect((await putSetting(t, 'catalog_labels', admin, { en: { nope: 'x' } })).status).toBe(400);
    clockTo(t, t.clock.now() + 3000); // past the catalogue cache
    const en = await index('en');
    expect(en[0]?.name).toBe('Lion City');
    expect(en[0]?.planList[1]?.tier_name).toBe('Pro');
    expect((await index('jp'))[0]?.name).toBe('星洲線');
    expect((await index('kor'))[0]?.planList[0]?.title).toBe('입문방');
    expect((await index('en'))[0]?.planList[0]?.title).toBe('新手房');
    const odds = await call(t, 'Lottery/oddsList', p.token, { plan_id: 1, lang: 'en' });
    expect(odds.data.rule_base[0]).toMatchObject({ class: 'big', class_name: 'High' });
    expect((await call(t, 'Lottery/oddsList', p.token, { plan_id: 1, lang: 'jp' })).data.rule_base[0].class_name).toBe('大');
  });

  it('customer service and in-site messages: chat URL and hours set in the console reach the player; staff messages to one player or to all are listed per tab with unread counts and marked read per player', async () => {
    const config = async (): Promise<{ chat_url: string; hours: string }> => (await t.http().get('/index.php/api/index/config')).body.data.cs;
    expect(await config()).toEqual({ chat_url: 'https://chat.example.com/room', hours: '12:00-23:30' }); // the environment's defaults
    expect((await putSetting(t, 'cs_chat_url', admin, 'http://chat.example.com/plain')).status).toBe(400);
    expect((await putSetting(t, 'cs_hours', admin, '25:00-26:00')).status).toBe(400);
    expect((await putSetting(t, 'cs_chat_url', admin, 'https://support.example.org/chat')).status).toBe(200);
    expect((await putSetting(t, 'cs_hours', admin, '10:00-02:00')).status).toBe(200);
    expect(await config()).toEqual({ chat_url: 'https://support.example.org/chat', hours: '10:00-02:00' });

    const alice = await registerPlayer(t);
    const bob = await registerPlayer(t);
    const send = async (body: Record<string, unknown>): Promise<number> => {
      const res = await consoleCall(t, 'post', '/admin-api/notices', admin, { published: true, content: 'Hello', ...body });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const toAlice = await send({ kind: 'message', user_id: alice.userId, title: 'For Alice' });
    const toBob = await send({ kind: 'message', user_id: bob.userId, title: 'For Bob' });
    const toAll = await send({ kind: 'message', title: 'For everyone' });
    await send({ kind: 'message', title: 'Draft', published: false });
    await send({ kind: 'announcement', title: 'Maintenance tonight' });

    const list = (who: { token: string }, tab: string, extra: Record<string, unknown> = {}): ReturnType<typeof call> =>
      call(t, 'user/noticeList', who.token, { tab, ...extra });
    const messages = await list(alice, 'message');
    expect(messages.code).toBe(1);
    expect(messages.data.list.map((n: { id: number }) => n.id)).toEqual([toAll, toAlice]);
    expect(messages.data.list[1]).toEqual({
      id: toAlice,
      tab: 'message',
      title: 'For Alice',
      content: 'Hello',
      personal: true,
      read: false,
      createtime: expect.any(Number),
    });
    expect(messages.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const announcements = await list(alice, 'announcement', { pageSize: 1 });
    expect(announcements.data.list).toHaveLength(1);
    const totalAnnouncements = announcements.data.total as number;
    expect(totalAnnouncements).toBeGreaterThanOrEqual(1);
    expect(messages.data.unread).toEqual({ message: 2, announcement: totalAnnouncements });

    expect((await call(t, 'user/noticeRead', alice.token, { id: toBob })).error).toBe('NOTICE_NOT_FOUND');
    expect((await call(t, 'user/noticeRead', alice.token, { id: toAll })).data.unread).toEqual({ message: 1, announcement: totalAnnouncements });
    expect((await call(t, 'user/noticeRead', alice.token, { id: toAll })).code).toBe(1); // twice is fine
    expect((await list(alice, 'message')).data.list.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
    expect((await call(t, 'user/noticeRead', alice.token, { tab: 'announcement' })).data.unread).toEqual({ message: 1, announcement: 0 });
    // Read state is per player: Bob still has the message to all unread.
    expect((await list(bob, 'message')).data.unread).toEqual({ message: 2, announcement: totalAnnouncements });
    expect((await call(t, 'user/noticeRead', bob.token, {})).data.unread).toEqual({ message: 0, announcement: 0 });
    expect((await list(alice, 'message', { tab: 'inbox' })).error).toBe('VALIDATION_FAILED');
    expect((await call(t, 'user/noticeList', null, { tab: 'message' })).code).toBe(50008);
  });

  it('OpenAPI describes every response: each player and console route has a non-empty success schema (the envelope around the contract type), and every error code is documented', async () => {
    const spec = (await t.http().get('/docs/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const text = JSON.stringify(spec);
    let player = 0;
    let console = 0;
    const missing: string[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      if (!path.startsWith('/index.php/api/') && !path.startsWith('/admin-api/')) continue;
      for (const [method, op] of Object.entries(item)) {
        const ok = op.responses['200'] ?? op.responses['201'];
        const schema = ok?.content === undefined ? undefined : Object.values(ok.content)[0]?.schema;
        if (schema === undefined || Object.keys(schema).length === 0) missing.push(`${method} ${path}`);
        if (path.startsWith('/admin-api/')) {
          console++;
          if (op.responses['403'] === undefined || op.responses['400'] === undefined) missing.push(`${method} ${path}: errors`);
          continue;
        }
        player++;
        // The envelope, with `data` described by the contract type, or the error envelope.
        const oneOf = (schema?.['oneOf'] ?? []) as { properties?: Record<string, Record<string, unknown>>; $ref?: string }[];
        const data = oneOf[0]?.properties?.['data'];
        if (data === undefined || Object.keys(data).length === 0) missing.push(`${method} ${path}: data`);
        if (oneOf[1]?.$ref !== '#/components/schemas/ErrorEnvelope') missing.push(`${method} ${path}: error envelope`);
      }
    }
    expect(missing).toEqual([]);
    expect(player).toBeGreaterThan(30);
    expect(console).toBeGreaterThan(60);
    const heart = spec.paths['/index.php/api/Lottery/heart']?.['post']?.responses['200']?.content?.['application/json']?.schema as {
      oneOf: { properties: { data: { $ref: string } } }[];
    };
    expect(heart.oneOf[0]?.properties.data.$ref).toBe('#/components/schemas/HeartResponse');
    expect(Object.keys(spec.components.schemas['FeedMessage']?.['properties'] as object)).toEqual(
      expect.arrayContaining(['user_id', 'inviter_id', 'nickname', 'url', 'issue', 'quantity', 'play_method', 'play_type']),
    );
    const errorEnvelope = spec.components.schemas['ErrorEnvelope'] as { properties: { code: { enum: number[] }; error: { enum: string[] } } };
    for (const k of ERROR_CODE_KEYS) {
      expect(errorEnvelope.properties.error.enum).toContain(k);
      expect(errorEnvelope.properties.code.enum).toContain(ERROR_CODES[k]);
      expect(text).toContain(`| ${ERROR_CODES[k]} | \`${k}\` |`);
    }
  });

  it('the generated response schemas are current with the contract and view types', () => {
    // The generator (a Node script using the TypeScript checker and prettier) exits 1 when the file differs.
    const out = execFileSync(process.execPath, [join(__dirname, '..', '..', '..', 'scripts', 'openapi-schemas.js'), '--check'], { encoding: 'utf8' });
    expect(out).toContain('current');
  });
});
