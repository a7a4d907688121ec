import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/** Every time limit of the suites from one setting, TEST_TIME_LIMIT_S (scripts/test-limits.js). */
const limits = createRequire(import.meta.url)('../../scripts/test-limits.js') as { testLimitMs: (factor?: number) => number };

/** The console journeys (Playwright driving Debian's Chromium against the real API and the built console). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    // One limit for every test and hook (TEST_TIME_LIMIT_S, scripts/test-limits.js).
    testTimeout: limits.testLimitMs(),
    hookTimeout: limits.testLimitMs(),
    // expect.poll waits as long as a browser action may (vitest's own default is 1 s).
    expect: { poll: { timeout: limits.testLimitMs(0.25) } },
    // Chromium present, then the API and the app built once for all journey files.
    globalSetup: ['../../tools/web/e2e/global-setup.ts'],
    // Two files at a time: each starts its own API on its own database and its own Chromium, and waits on them (and
    // on live rounds) much of the time.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
