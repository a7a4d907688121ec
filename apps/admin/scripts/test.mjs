#!/usr/bin/env node
// `npm test -w apps/admin -- --outputFile=<json>`: the component tests (Vitest, jsdom) write <json>; the browser
// journey (Playwright + Debian's Chromium against the real API and the built console) writes <json> with `-journey` before `.json`.
// scripts/count-results.js adds both up.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.resolve(here, '..');
const out = process.argv
  .slice(2)
  .find((a) => a.startsWith('--outputFile='))
  ?.slice('--outputFile='.length);
const vitest = path.resolve(app, '../../node_modules/vitest/vitest.mjs');
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };

function run(args, outputFile) {
  const reporters = outputFile ? ['--reporter=default', '--reporter=json', `--outputFile=${outputFile}`] : [];
  const r = spawnSync(process.execPath, [vitest, 'run', ...args, ...reporters], { cwd: app, stdio: 'inherit', env });
  return r.status === 0;
}

const unit = run([], out);
const journey = process.env.ADMIN_SKIP_JOURNEY === '1' ? true : run(['--config', 'vitest.e2e.config.ts'], out?.replace(/\.json$/, '-journey.json'));
process.exit(unit && journey ? 0 : 1);
