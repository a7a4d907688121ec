import { translate } from '@sum28/contracts';
import { PayInfoEntity } from '@sum28/database';
import type { Role } from '../src/console/roles';
import { consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';
import { freshAccounts, post } from './wallet-fixtures';

/** Stored content is safe to render (issue 8, point 7). */
describe('stored content is safe to render', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const DIRTY =
    '<h2>News</h2><p onclick="steal()" style="x">Hello <strong>world</strong><script>alert(1)</script></p>' +
    '<a href="javascript:alert(1)">bad</a> <a href="//evil.example/x">pr</a> <a href="https://ok.example/a" onmouseover="x()">ok</a>' +
    '<img src="x" onerror="alert(1)"><img src="/static/a.png"><iframe src="https://evil.example"></iframe>';
  const CLEAN =
    '<h2>News</h2><p>Hello <strong>world</strong></p>' +
    '<a rel="noopener noreferrer">bad</a> <a rel="noopener noreferrer">pr</a> <a href="https://ok.example/a" rel="noopener noreferrer">ok</a>' +
    '<img src="/static/a.png" />';

  it('sanitizes article HTML on create and on edit with the allow-list (no script, handlers, javascript: or frames), as players read it', async () => {
    const created = await consoleCall(t, 'post', '/admin-api/articles', tok.operator, { tab: 'original', title: 'Safe news', content: DIRTY });
    expect(created.status).toBe(201);
    expect(created.body.content).toBe(CLEAN);
    const id = created.body.id as number;
    const list = await t.http().get('/index.php/api/index/articleList');
    const shown = (list.body.data.articleTabs[0].articles as { id: number; content: string }[]).find((a) => a.id === id);
    expect(shown?.content).toBe(CLEAN);

    const edited = await consoleCall(t, 'put', `/admin-api/articles/${id}`, tok.operator, {
      content: '<p>v2</p><svg onload="alert(1)"></svg><frameset><frame src="https://x.example"></frameset>',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('<p>v2</p>');
    const stored = (await t.ds.query(`SELECT content FROM articles WHERE id = ${id}`)) as { content: string }[];
    expect(stored[0]?.content).toBe('<p>v2</p>');
  });

  it('sanitizes notice HTML on create and on edit, as players read the announcements', async () => {
    const created = await consoleCall(t, 'post', '/admin-api/notices', tok.operator, { kind: 'announcement', title: 'Maintenance', content: DIRTY });
    expect(created.status).toBe(201);
    expect(created.body.content).toBe(CLEAN);
    const home = await t.http().get('/index.php/api/index/index');
    expect((home.body.data.notice as { id: number; content: string }[]).find((n) => n.id === created.body.id)?.content).toBe(CLEAN);
    const edited = await consoleCall(t, 'put', `/admin-api/notices/${created.body.id}`, tok.operator, {
      content: 'Back at <b>10:00</b><img src=x onerror=alert(1)>',
    });
    expect(edited.body.content).toBe('Back at <b>10:00</b>');
  });

  it('refuses article or notice HTML with nothing allowed in it (400 naming content), storing nothing', async () => {
    const res = await consoleCall(t, 'post', '/admin-api/articles', tok.operator, {
      tab: 'original',
      title: 'Only a script',
      content: '<script>alert(1)</script>',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('content');
    const n = (await t.ds.query(`SELECT COUNT(*) AS n FROM articles WHERE title = 'Only a script'`)) as { n: number | string }[];
    expect(Number(n[0]?.n)).toBe(0);
    const notice = await consoleCall(t, 'post', '/admin-api/notices', tok.operator, {
      kind: 'announcement',
      title: 'x',
      content: '<iframe src="https://evil.example"></iframe>',
    });
    expect(notice.status).toBe(400);
  });

  it.each([
    ['a protocol-relative image', { image: '//evil.example/b.png' }, 'image'],
    ['a slash-backslash image', { image: '/\\evil.example/b.png' }, 'image'],
    ['an http image', { image: 'http://cdn.example.com/b.png' }, 'image'],
    ['a protocol-relative link', { image: '/static/b.png', link: '//evil.example' }, 'link'],
    ['a slash-backslash link', { image: '/static/b.png', link: '/\\evil.example' }, 'link'],
    ['an http link', { image: '/static/b.png', link: 'http://evil.example' }, 'link'],
  ])('refuses a banner with %s (400 naming the field)', async (_name, body, field) => {
    const res = await consoleCall(t, 'post', '/admin-api/banners', tok.operator, { title: 'Promo', ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('accepts banner images and links that are same-origin paths or https URLs, and checks edits the same way', async () => {
    const ok = await consoleCall(t, 'post', '/admin-api/banners', tok.operator, {
      image: '/static/banners/a.svg',
      link: 'https://example.com/promo',
      title: 'Promo',
    });
    expect(ok.status).toBe(201);
    const id = ok.body.id as number;
    expect((await consoleCall(t, 'put', `/admin-api/banners/${id}`, tok.operator, { link: '/lottery' })).body.link).toBe('/lottery');
    expect((await consoleCall(t, 'put', `/admin-api/banners/${id}`, tok.operator, { link: '' })).body.link).toBe('');
    const bad = await consoleCall(t, 'put', `/admin-api/banners/${id}`, tok.operator, { image: '//evil.example/x.png' });
    expect(bad.status).toBe(400);
    const badLink = await consoleCall(t, 'put', `/admin-api/banners/${id}`, tok.operator, { link: '/\\evil.example' });
    expect(badLink.status).toBe(400);
    expect((await consoleCall(t, 'get', `/admin-api/banners/${id}`, tok.operator)).body).toMatchObject({ image: '/static/banners/a.svg', link: '' });
  });

  it.each([
    ['markup in the holder name', { acc: '<img src=x onerror=alert(1)>' }],
    ['a bidi override in the holder name', { acc: 'Chen \u202eDa Wen' }],
    ['an isolate in the holder name', { acc: '\u2067Chen Da Wen' }],
    ['markup in the bank name', { acc_bank: 'Bank <script>x</script>' }],
    ['markup in the note', { mark: '<a href="javascript:x">hi</a>' }],
    ['a bidi embedding in the note', { mark: 'salary \u202b123' }],
    ['a control character in the note', { mark: 'two\nlines' }],
  ])('refuses a payout account with %s (translated PAY_INFO_INVALID), storing nothing', async (_name, patch) => {
    const p = await registerPlayer(t);
    const res = await post(t, 'setPayInfo', p.token, {
      type: 0,
      acc: 'Chen Da Wen',
      acc_name: freshAccounts().card,
      acc_bank: 'Bank of Taiwan',
      lang: 'en',
      ...patch,
    });
    expect(res.body).toMatchObject({ code: 3010, error: 'PAY_INFO_INVALID', msg: translate('en', 'PAY_INFO_INVALID', res.body.params) });
    expect(res.body.msg).not.toMatch(/\{\{/);
    expect(await t.ds.getRepository(PayInfoEntity).countBy({ user_id: p.userId })).toBe(0);
  });

  it('keeps ordinary names and notes in any script, and refuses the same note once it carries markup', async () => {
    const p = await registerPlayer(t);
    const body = { type: 0, acc: '陳大文', acc_name: freshAccounts().card, acc_bank: "O'Brien & Sons Bank", mark: 'salary (main)' };
    const res = await post(t, 'setPayInfo', p.token, body);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ acc: '陳大文', acc_bank: "O'Brien & Sons Bank", mark: 'salary (main)' });
    const marked = await post(t, 'setPayInfo', p.token, { ...body, mark: 'salary <b>(main)</b>' });
    expect(marked.body.error).toBe('PAY_INFO_INVALID');
    expect((await t.ds.getRepository(PayInfoEntity).findOneByOrFail({ user_id: p.userId })).mark).toBe('salary (main)');
  });
});
