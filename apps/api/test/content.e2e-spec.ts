import { createTestApp, type TestApp } from './factories/test-app';

describe('home content, health and API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the seeded banners in the envelope', async () => {
    const res = await t.http().get('/index.php/api/index/index?lang=en&host=example');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data.banner.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data.banner[0].image).toMatch(/^\/static\/banners\/.+\.svg$/);
    const img = await t.http().get(res.body.data.banner[0].image);
    expect(img.status).toBe(200);
  });

  it('serves news with tops and the three tabs', async () => {
    const res = await t.http().get('/index.php/api/index/articleList');
    expect(res.body.code).toBe(1);
    expect(res.body.data.tops.length).toBeGreaterThan(0);
    expect(res.body.data.articleTabs.map((x: { id: string }) => x.id)).toEqual(['original', 'recommend', 'wealth']);
    expect(res.body.data.articleTabs[0].articles[0]).toEqual(expect.objectContaining({ title: expect.any(String), content: expect.any(String) }));
  });

  it('reports health and publishes OpenAPI at /docs', async () => {
    expect((await t.http().get('/health')).body.status).toBe('ok');
    const spec = await t.http().get('/docs/openapi.json');
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/index.php/api/user/register', '/index.php/api/user/login', '/index.php/api/index/index']),
    );
    expect((await t.http().get('/docs')).status).toBe(200);
  });

  it('sets security headers (helmet)', async () => {
    const res = await t.http().get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('gives JSON API answers the API security headers: never cached, framed or rendered', async () => {
    const player = await t.http().post('/index.php/api/Lottery/heart').send({ plan_id: 1, game_id: 1 });
    const consoleApi = await t.http().get('/admin-api/users');
    const docs = await t.http().get('/docs/openapi.json');
    for (const res of [player, consoleApi]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      // Document-only policies are not sent with JSON.
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/./);
    }
    expect(consoleApi.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(player.headers['access-control-expose-headers']).toBeUndefined();
    // Everything else keeps helmet's set.
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers an unknown API path with the envelope, not a bare 404 page', async () => {
    const res = await t.http().post('/index.php/api/nope/nothing').send({});
    expect(res.body.error).toBe('NOT_FOUND');
  });
});
