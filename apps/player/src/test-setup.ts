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
