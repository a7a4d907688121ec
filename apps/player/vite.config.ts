import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const lib = (p: string): string => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

/** The player app: built into dist/, served by the API at `/`. The shared libs are read from their TypeScript sources. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@sum28/domain': lib('domain/src/index.ts'),
      '@sum28/contracts': lib('contracts/src/index.ts'),
    },
  },
  server: { proxy: { '/index.php': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
