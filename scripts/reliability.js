#!/usr/bin/env node
// `npm run test:reliability [-- <file pattern>]`: the long reliability suite of issue 13, point 5, outside
// `npm test` (together it takes longer than CI allows). docs/reliability.md gives its last figures.
//   1. T25: 1,000,000 draws through the production path (fairness.e2e-spec, T25_DRAWS)
//   2. every apps/api/test/reliability/*.rel-spec.ts, one file after the other (they load the machine,
//      some start their own API processes, load balancer or PostgreSQL server); a pattern picks files.
// Every load loop is bounded and talks to loopback only. It needs PostgreSQL and Redis as `npm test` does.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const patterns = process.argv.slice(2);
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const results = [];
const step = (name, args, extraEnv = {}) => {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [jest, ...args], { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const s = Math.round((Date.now() - started) / 1000);
  results.push(`${r.status === 0 ? 'passed' : 'FAILED'}  ${name} (${s} s)`);
  return r.status === 0;
};

if (patterns.length === 0 || patterns.some((p) => /t25|fair/i.test(p)))
  step(
    'T25: 1,000,000 draws (chi-square per position and on sums)',
    ['-c', 'apps/api/jest.config.js', 'apps/api/test/fairness.e2e-spec.ts', '-t', 'T25', '--testTimeout', '600000'],
    {
      T25_DRAWS: '1000000',
    },
  );
const files = patterns.filter((p) => !/^t25$|^fair/i.test(p));
if (patterns.length === 0 || files.length > 0)
  step(`reliability suite (apps/api/test/reliability${files.length ? `, ${files.join(' ')}` : ''})`, [
    '-c',
    'apps/api/jest.reliability.config.js',
    '--runInBand',
    ...files,
  ]);
console.log(`\n${results.join('\n')}`);
process.exit(results.every((r) => r.startsWith('passed')) ? 0 : 1);
