import { defineConfig } from 'vitest/config';

/** The console journeys (Playwright driving Debian's Chromium against the real API and the built console). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
