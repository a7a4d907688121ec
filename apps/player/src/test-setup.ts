import { configure } from '@testing-library/dom';
// jsdom lacks matchMedia, which antd-mobile reads.
if (typeof window !== 'undefined' && window.matchMedia === undefined) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Testing Library's waits (findBy*, waitFor) follow the suites' limit (TEST_TIME_LIMIT_S, through vite.config.ts) rather
// than its fixed 1 s, which a machine loaded by a second `npm test` exceeds.
configure({ asyncUtilTimeout: Number(process.env['TEST_ASYNC_WAIT_MS'] ?? 30_000) });

// Files share one jsdom per worker (vite.config.ts, `isolate: false`): each file starts with empty storage, as it would
// in a jsdom of its own, so no file reads what another left (a device token in localStorage made the register payload
// test fail only when the session test happened to run first in the same worker).
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
}
