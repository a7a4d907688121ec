import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../tools/web/precompress.ts';

const lib = (p: string): string => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

/** Every time limit of the suites from one setting, TEST_TIME_LIMIT_S (scripts/test-limits.js). */
const limits = createRequire(import.meta.url)('../../scripts/test-limits.js') as { testLimitMs: (factor?: number) => number };

/** The operator console: built into dist/, served by the API at `/admin/` (hash routing: `/admin/#/users`). */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: {
    // ra-input-rich-text's own node_modules mixes tiptap 3.31 and 3.34 (npm nesting); one copy of the core and of
    // ProseMirror, the hoisted ones, for every extension.
    dedupe: ['@tiptap/core', '@tiptap/pm', '@tiptap/react'],
    alias: {
      '@sum28/domain': lib('domain/src/index.ts'),
      '@sum28/contracts': lib('contracts/src/index.ts'),
    },
  },
  server: { proxy: { '/admin-api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 1200,
    manifest: true,
    rolldownOptions: {
      // libs/domain and libs/contracts are pure (no side effects at import): unused parts are dropped.
      treeshake: { moduleSideEffects: (id: string) => !/libs[\\/](domain|contracts)[\\/]src[\\/]/.test(id) },
    },
  },
  test: {
    environment: 'jsdom',
    // A test and a hook may take as long as any in the suites (a loaded machine is slow, not wrong); Testing Library's
    // waits too (test-setup.ts).
    testTimeout: limits.testLimitMs(),
    hookTimeout: limits.testLimitMs(),
    env: { TEST_ASYNC_WAIT_MS: String(limits.testLimitMs(0.1)) },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // The rich-text editor through vite too, so the dedupe above holds in tests (Node's own resolution would load
    // ra-input-rich-text's nested tiptap 3.31 core beside hoisted 3.34 extensions).
    server: { deps: { inline: ['ra-input-rich-text'] } },
    // One jsdom per worker instead of one per file (its set-up was most of the run: 46 s -> 7 s). A file that replaces a
    // module with vi.mock would need `isolate: true` (see apps/player/vite.config.ts); none does here.
    isolate: false,
  },
});
