import { DEMO_ARTICLES, DEMO_BANNERS, DEMO_NOTICES, seedDatabase } from '@sum28/database';
import type { Role } from '../src/console/roles';
import { auditRows, consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';

type Titled = { id: number; title: string; content?: string };

/** Localised content (issue 25 point 6): banners, news and announcements in the player's language, tw as fallback. */
describe('content per locale', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const home = async (q: string, headers: Record<string, string> = {}): Promise<{ banner: Titled[]; notice: Titled[] }> =>
    (await t.http().get(`/index.php/api/index/index${q}`).set(headers)).body.data;
  const news = async (q: string, headers: Record<string, string> = {}): Promise<{ tops: Titled[]; articleTabs: { id: string; articles: Titled[] }[] }> =>
    (await t.http().get(`/index.php/api/index/articleList${q}`).set(headers)).body.data;
  const article = async (id: number, q: string): Promise<Titled | undefined> => (await news(q)).articleTabs.flatMap((x) => x.articles).find((a) => a.id === id);

  it('serves the seeded banner captions, announcements and news in each of the five languages (lang, X-Lang or tw)', async () => {
    for (const l of ['tw', 'zh', 'en', 'jp', 'kor'] as const) {
      const h = await home(`?lang=${l}`);
      expect(h.banner.map((b) => b.title)).toEqual(DEMO_BANNERS.map((b) => b.titles[l]));
      expect(h.notice.map((n) => n.title)).toEqual(DEMO_NOTICES.map((n) => n.titles[l]));
      expect(h.notice.map((n) => n.content)).toEqual(DEMO_NOTICES.map((n) => n.contents[l]));
      const n = await news(`?lang=${l}`);
      expect(n.tops.map((a) => a.title)).toEqual(DEMO_ARTICLES.filter((a) => a.is_top).map((a) => a.titles[l]));
      expect(n.articleTabs.flatMap((x) => x.articles.map((a) => a.content))).toEqual(DEMO_ARTICLES.map((a) => a.contents[l]));
    }
    // the header when no lang is sent; an alias; no language at all or an unknown one: tw
    expect((await home('', { 'x-lang': 'en' })).banner[0]?.title).toBe('Provably fair: verify every draw');
    expect((await news('?lang=ja')).tops[0]?.title).toBe(DEMO_ARTICLES[0]?.titles.jp);
    expect((await home('')).banner[0]?.title).toBe(DEMO_BANNERS[0]?.titles.tw);
    expect((await home('?lang=xx')).notice[0]?.title).toBe(DEMO_NOTICES[0]?.titles.tw);
    // banner images carry no words: the caption is text
    const svg = await t.http().get(DEMO_BANNERS[0]?.image ?? '');
    expect(svg.status).toBe(200);
    expect(String(svg.body instanceof Buffer ? svg.body.toString('utf8') : svg.text)).not.toMatch(/<text\b/);
  });

  it('answers the notice screen in the player\u2019s language', async () => {
    const p = await registerPlayer(t);
    const list = async (lang: string): Promise<string[]> =>
      ((await t.http().post('/index.php/api/user/noticeList').set('token', p.token).send({ tab: 'announcement', lang })).body.data.list as Titled[]).map(
        (n) => n.title,
      );
    expect(await list('kor')).toEqual(DEMO_NOTICES.map((n) => n.titles.kor));
    expect(await list('tw')).toEqual(DEMO_NOTICES.map((n) => n.titles.tw));
  });

  it('lets the console write an article per locale: tw required, a missing language falls back to tw, each change audited', async () => {
    const created = await consoleCall(t, 'post', '/admin-api/articles', tok.operator, {
      tab: 'wealth',
      title: '預算',
      content: '<p>設定預算</p>',
      titles: { en: 'Budgets', jp: '' },
      contents: { en: '<p>Set a budget</p><script>x()</script>' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '預算', content: '<p>設定預算</p>', titles: { en: 'Budgets' }, contents: { en: '<p>Set a budget</p>' } });
    const id = created.body.id as number;
    expect(await article(id, '?lang=en')).toMatchObject({ title: 'Budgets', content: '<p>Set a budget</p>' });
    expect(await article(id, '?lang=jp')).toMatchObject({ title: '預算', content: '<p>設定預算</p>' });

    // a new tw text is what the languages without their own text show at once
    const edited = await consoleCall(t, 'put', `/admin-api/articles/${id}`, tok.operator, { title: '每日預算', titles: { en: 'Budgets', kor: '예산' } });
    expect(edited.status).toBe(200);
    expect(edited.body.titles).toEqual({ en: 'Budgets', kor: '예산' });
    expect((await article(id, '?lang=jp'))?.title).toBe('每日預算');
    expect((await article(id, '?lang=kor'))?.title).toBe('예산');
    expect((await article(id, '?lang=zh'))?.title).toBe('每日預算');
    // emptying a language (a cleared editor leaves markup without words): it falls back to tw
    await consoleCall(t, 'put', `/admin-api/articles/${id}`, tok.operator, {
      titles: { en: '', kor: '예산' },
      contents: { en: '<p>Set a budget</p>', jp: '<p></p>' },
    });
    expect((await article(id, '?lang=en'))?.title).toBe('每日預算');
    expect((await consoleCall(t, 'get', `/admin-api/articles/${id}`, tok.support)).body).toMatchObject({
      titles: { kor: '예산' },
      contents: { en: '<p>Set a budget</p>' },
    });

    const updates = await auditRows(t, 'article.update', id);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({
      before: { title: '預算', titles: { en: 'Budgets' } },
      after: { title: '每日預算', titles: { en: 'Budgets', kor: '예산' } },
    });
    expect(updates[1]).toMatchObject({ after: { titles: { kor: '예산' } } });
    // sending the same texts again changes nothing and audits nothing
    await consoleCall(t, 'put', `/admin-api/articles/${id}`, tok.operator, { titles: { kor: '예산' } });
    expect(await auditRows(t, 'article.update', id)).toHaveLength(2);
  });

  it('edits banner captions and announcements per locale', async () => {
    const banner = await consoleCall(t, 'post', '/admin-api/banners', tok.operator, {
      image: '/static/banners/banner-2.svg',
      title: '新線路',
      titles: { en: 'New line' },
    });
    expect(banner.status).toBe(201);
    const captions = async (lang: string): Promise<string | undefined> => (await home(`?lang=${lang}`)).banner.find((b) => b.id === banner.body.id)?.title;
    expect(await captions('en')).toBe('New line');
    expect(await captions('kor')).toBe('新線路');
    await consoleCall(t, 'put', `/admin-api/banners/${banner.body.id}`, tok.operator, { titles: { kor: '새 라인' } });
    expect(await captions('kor')).toBe('새 라인');
    expect(await captions('en')).toBe('新線路');
    expect(await auditRows(t, 'banner.update', banner.body.id)).toHaveLength(1);

    const notice = await consoleCall(t, 'post', '/admin-api/notices', tok.operator, {
      kind: 'announcement',
      title: '維護',
      content: '02:00 維護',
      titles: { en: 'Maintenance' },
      contents: { en: 'Maintenance at 02:00' },
    });
    expect(notice.status).toBe(201);
    const shown = (await home('?lang=en')).notice.find((n) => n.id === notice.body.id);
    expect(shown).toMatchObject({ title: 'Maintenance', content: 'Maintenance at 02:00' });
    expect((await home('?lang=zh')).notice.find((n) => n.id === notice.body.id)).toMatchObject({ title: '維護', content: '02:00 維護' });
  });

  it.each<[string, unknown]>([
    ['an unknown locale', { fr: 'Budget' }],
    ['empty', {}],
    ['null', null],
    ['a list', ['Budget']],
    ['a number', { en: 5 }],
    ['two lines in a title', { en: 'a\u0007b' }],
    ['an over-long title', { en: 'x'.repeat(201) }],
  ])('refuses per-locale titles that are %s (400 naming titles), storing nothing', async (_what, titles) => {
    const before = (await t.ds.query('SELECT COUNT(*) AS c FROM articles')) as { c: number | string }[];
    const res = await consoleCall(t, 'post', '/admin-api/articles', tok.operator, { tab: 'wealth', title: 'x', content: '<p>x</p>', titles });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('titles');
    expect((await t.ds.query('SELECT COUNT(*) AS c FROM articles')) as unknown).toEqual(before);
  });

  it('refuses a locale body with nothing allowed in it, and gives rows seeded before per-locale content their translations', async () => {
    const res = await consoleCall(t, 'post', '/admin-api/notices', tok.operator, {
      kind: 'announcement',
      title: 'x',
      content: 'y',
      contents: { en: '<script>x</script>' },
    });
    expect(res.status).toBe(400);

    // a database seeded with the English-only demo: the seed adds the translations, and adds no second row
    const legacy = DEMO_ARTICLES[5];
    if (legacy === undefined) throw new Error('demo article missing');
    const pg = t.ds.options.type === 'postgres';
    const [row] = (await t.ds.query(`SELECT id FROM articles WHERE title = ${pg ? '$1' : '?'}`, [legacy.titles.tw])) as { id: number }[];
    await t.ds.query(`UPDATE articles SET title = ${pg ? '$1' : '?'}, titles = NULL, contents = NULL WHERE id = ${pg ? '$2' : '?'}`, [
      legacy.legacyTitle,
      row?.id,
    ]);
    expect((await article(Number(row?.id), '?lang=kor'))?.title).toBe(legacy.legacyTitle);
    const count = (await t.ds.query('SELECT COUNT(*) AS c FROM articles')) as unknown;
    await seedDatabase(t.ds, { now: Date.now(), demo: true });
    expect(await t.ds.query('SELECT COUNT(*) AS c FROM articles')).toEqual(count);
    expect((await article(Number(row?.id), '?lang=kor'))?.title).toBe(legacy.titles.kor);
  });
});
