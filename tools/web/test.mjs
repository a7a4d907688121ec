#!/usr/bin/env node
// `npm test -w apps/<app> -- --outputFile=<json>` (the player app or the console; npm runs it in the app's folder):
// the component tests (Vitest, jsdom) write <json>; the browser journeys (Playwright + Debian's Chromium against the
// real API; the app and the API built once by their global setup) write <json> with `-journey` before `.json`.
// scripts/count-results.js adds both up. (`npm test` at the root runs the two itself, in its web lane.)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const app = process.cwd();
const name = path.basename(app);
const out = process.argv
  .slice(2)
  .find((a) => a.startsWith('--outputFile='))
  ?.slice('--outputFile='.length);
const vitest = path.join(repo, 'node_modules/vitest/vitest.mjs');
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };

function run(args, outputFile) {
  const reporters = outputFile ? ['--reporter=default', '--reporter=json', `--outputFile=${outputFile}`] : [];
  const r = spawnSync(process.execPath, [vitest, 'run', ...args, ...reporters], { cwd: app, stdio: 'inherit', env });
  return r.status === 0;
}

const unit = run([], out);
const journey = run(['--config', 'vitest.e2e.config.ts'], out?.replace(/\.json$/, '-journey.json'));
process.exit(unit && journey ? 0 : 1);
