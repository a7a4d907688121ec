import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../tools/web/precompress.ts';

const lib = (p: string): string => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

/**
 * The entry's stylesheets are preloaded instead of blocking the first paint (the start-up overlay in index.html is
 * styled inline); `main.tsx` turns them into stylesheets and waits for them before rendering.
 */
function nonBlockingCss(): Plugin {
  return {
    name: 'sum28-non-blocking-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g, '<link rel="preload" as="style"$1 href="$2" data-entry-css>'),
    },
  };
}

/** Component tests that replace a module with vi.mock (they run isolated; see `test.projects`). */
const MOCKING_TESTS = ['src/pages/fairness.test.tsx', 'src/pages/bet-record.test.tsx'];

/** Every time limit of the suites from one setting, TEST_TIME_LIMIT_S (scripts/test-limits.js). */
const limits = createRequire(import.meta.url)('../../scripts/test-limits.js') as { testLimitMs: (factor?: number) => number };

/** The player app: built into dist/, served by the API at `/`. The shared libs are read from their TypeScript sources. */
export default defineConfig({
  plugins: [react(), nonBlockingCss(), precompress()],
  resolve: {
    alias: {
      '@sum28/domain': lib('domain/src/index.ts'),
      '@sum28/contracts': lib('contracts/src/index.ts'),
    },
  },
  server: { proxy: { '/index.php': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    // One stylesheet for every screen (about 10 kB gzipped in all): a screen's first render then waits for no CSS
    // request of its own (home had eight, each a round trip on a phone network).
    cssCodeSplit: false,
    manifest: true,
    rolldownOptions: {
      // libs/domain and libs/contracts are pure (no side effects at import): unused parts are dropped.
      treeshake: { moduleSideEffects: (id: string) => !/libs[\\/](domain|contracts)[\\/]src[\\/]/.test(id) },
      output: {
        // The server's messages in five locales serve the screens that check a rule before calling; keep them out
        // of the chunk every screen loads (the API client), so the sign-in screen stays within its budget.
        codeSplitting: { groups: [{ name: 'rule-messages', test: /libs[\\/]contracts[\\/]src[\\/]i18n[\\/]messages/ }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // A test and a hook may take as long as any in the suites (a loaded machine is slow, not wrong); Testing Library's
    // waits too (test-setup.ts).
    testTimeout: limits.testLimitMs(),
    hookTimeout: limits.testLimitMs(),
    env: { TEST_ASYNC_WAIT_MS: String(limits.testLimitMs(0.1)) },
    setupFiles: ['src/test-setup.ts'],
    // One jsdom per worker instead of one per file (jsdom's set-up was four fifths of the run: 49 s -> 12 s); the files
    // that replace a module with vi.mock keep a module registry of their own, or the mock would not reach a module
    // another file already loaded.
    projects: [
      { extends: true, test: { name: 'mocking', include: MOCKING_TESTS, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_TESTS, isolate: false } },
    ],
  },
});
