import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const lib = (p: string): string => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

/** Writes `.br` and `.gz` beside every text file of the build; the API serves them by Accept-Encoding. */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  return {
    name: 'sum28-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes(join('.vite', ''))) continue;
        const buf = readFileSync(file);
        if (buf.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
      }
    },
  };
}

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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
