import { createTestApp, type TestApp } from './factories/test-app';

/**
 * Issue 24.9: smaller findings of the red team. The CSP's `upgrade-insecure-requests` blanked both apps served over
 * plain HTTP under any name but localhost; /docs was on in production.
 */
describe('pages over plain HTTP and behind TLS', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  const csp = async (t: TestApp, headers: Record<string, string> = {}): Promise<string> =>
    String((await t.http().get('/health').set(headers)).headers['content-security-policy']);

  it('sends upgrade-insecure-requests only to a page served over TLS (a trusted proxy saying https)', async () => {
    expect(await csp(plain)).toContain("default-src 'self'");
    expect(await csp(plain)).not.toContain('upgrade-insecure-requests');
    expect(await csp(plain, { 'x-forwarded-proto': 'https' })).not.toContain('upgrade-insecure-requests'); // not a trusted proxy
    expect(await csp(proxied, { 'x-forwarded-proto': 'https' })).toContain('upgrade-insecure-requests');
    expect(await csp(proxied, { 'x-forwarded-proto': 'http' })).not.toContain('upgrade-insecure-requests');
  });

  it('serves /docs unless API_DOCS=off (the default in production)', async () => {
    expect((await plain.http().get('/docs/openapi.json')).status).toBe(200);
    const off = await createTestApp({ API_DOCS: 'off' });
    try {
      expect((await off.http().get('/docs/openapi.json')).status).toBe(404);
      expect((await off.http().get('/docs')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
