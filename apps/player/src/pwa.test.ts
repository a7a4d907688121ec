import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const PUBLIC = join(__dirname, '..', 'public');

interface FakeFetchEvent {
  request: { url: string; method: string; mode: string };
  respondWith: (r: unknown) => void;
}

/** Loads public/sw.js in a fake service-worker scope and answers its fetch handler. */
function serviceWorkerFetch(): (url: string, opts?: { method?: string; mode?: string }) => boolean {
  const handlers: Record<string, (e: FakeFetchEvent) => void> = {};
  const self = {
    location: { origin: 'https://sum28.example' },
    addEventListener: (type: string, fn: (e: FakeFetchEvent) => void) => {
      handlers[type] = fn;
    },
  };
  runInNewContext(readFileSync(join(PUBLIC, 'sw.js'), 'utf8'), {
    self,
    URL,
    caches: { match: () => Promise.resolve(undefined), open: () => Promise.resolve({ put: () => Promise.resolve() }) },
    fetch: () => Promise.reject(new Error('offline')),
  });
  return (url, opts = {}) => {
    let handled = false;
    handlers['fetch']?.({
      request: { url, method: opts.method ?? 'GET', mode: opts.mode ?? 'cors' },
      respondWith: (r) => {
        handled = true;
        // The browser consumes the answer; here a failed (offline) answer is dropped on purpose.
        Promise.resolve(r).catch(() => undefined);
      },
    });
    return handled;
  };
}

describe('installable app', () => {
  it('has a manifest with name, start URL, standalone display, theme colour and 192/512 icons that exist', () => {
    const m = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(m).toMatchObject({ name: 'Sum28', start_url: '/', display: 'standalone' });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of ['192x192', '512x512']) {
      const icon = m.icons.find((i) => i.sizes === size);
      expect(icon).toBeDefined();
      expect(existsSync(join(PUBLIC, icon?.src ?? 'missing'))).toBe(true);
    }
  });

  it.each(['/index.php/api/user/userInfo', '/index.php/api/index/index?lang=tw', '/admin-api/users', '/health', '/docs/openapi.json'])(
    'the service worker never answers %s (no API answer is cached)',
    (path) => {
      expect(serviceWorkerFetch()(`https://sum28.example${path}`)).toBe(false);
    },
  );

  it('the service worker serves the built static files and the app shell for navigations', () => {
    const handle = serviceWorkerFetch();
    expect(handle('https://sum28.example/assets/index-abc123.js')).toBe(true);
    expect(handle('https://sum28.example/icon-192.png')).toBe(true);
    expect(handle('https://sum28.example/wallet', { mode: 'navigate' })).toBe(true);
  });

  it('the service worker leaves POSTs and other origins alone', () => {
    const handle = serviceWorkerFetch();
    expect(handle('https://sum28.example/index.php/api/user/recharge', { method: 'POST' })).toBe(false);
    expect(handle('https://cdn.example/lib.js')).toBe(false);
  });
});
