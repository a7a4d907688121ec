import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './factories/test-app';

/** The built console is served at `/admin/`, with deep links falling back to its index.html (issue 12). */
describe('console app at /admin/', () => {
  let t: TestApp;
  let dist: string;
  const INDEX = '<!doctype html><title>console fixture</title>';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sum28-admin-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index.js'), 'console.log(2)');
    t = await createTestApp({}, { adminDist: dist, playerDist: join(dist, 'no-player-app') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html at /admin/ and for deep links', async () => {
    for (const path of ['/admin/', '/admin/users', '/admin/users/12/show?x=1']) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.text).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('redirects /admin to /admin/', async () => {
    const res = await t.http().get('/admin');
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/admin/');
  });

  it('serves the built files, and 404 for a missing one', async () => {
    expect((await t.http().get('/admin/assets/index.js')).text).toBe('console.log(2)');
    const missing = await t.http().get('/admin/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toBe(INDEX);
  });

  it('leaves the console API alone', async () => {
    const res = await t.http().get('/admin-api/nope');
    expect(res.status).toBe(404);
    expect(res.text).not.toBe(INDEX);
  });
});
