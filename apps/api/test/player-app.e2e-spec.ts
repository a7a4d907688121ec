import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './factories/test-app';

/** The built player app is served at `/` with a history-mode fallback (issue 10). */
describe('player app at /', () => {
  let t: TestApp;
  let dist: string;
  const INDEX = '<!doctype html><title>player fixture</title>';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sum28-player-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({}, { playerDist: dist, adminDist: join(dist, 'no-console') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html at / and for a deep link such as /capitalDetail', async () => {
    for (const path of ['/', '/capitalDetail', '/bankCardManage?type=1', '/setting/deeper']) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.text).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('serves the built files themselves', async () => {
    const res = await t.http().get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log(1)');
  });

  it('answers 404, not index.html, for a missing file', async () => {
    const res = await t.http().get('/assets/missing.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toBe(INDEX);
  });

  it.each(['/index.php/api/nope', '/admin-api/nope', '/admin/nope', '/docs/nope', '/health/nope', '/static/nope'])(
    'never answers index.html under the API, console, docs, health and static prefixes: %s',
    async (path) => {
      const res = await t.http().get(path);
      expect(res.text).not.toBe(INDEX);
      // The player API answers its envelope (HTTP 200 with a non-1 code); the others a 404.
      if (path.startsWith('/index.php')) expect(res.body.code).not.toBe(1);
      else expect(res.status).toBe(404);
    },
  );

  it('keeps the player API working beside the fallback', async () => {
    const res = await t.http().get('/index.php/api/index/index');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
  });
});
