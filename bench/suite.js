'use strict';
// `npm run bench:suite`: the benchmark of the test suite itself (issue 23). It clones the checkout's HEAD into a
// temporary folder, times `npm ci` there, then times `npm test` and prints each step's time from its
// `=== <step>: passed in N s ===` lines, and the closing count. `--beside` runs a second `npm test` in a second fresh
// clone at the same time (the suite must pass on a machine loaded by another run); `--runs N` runs `npm test` N times
// in a row in the same clones.
// Figures go to docs/performance.md by hand, with the commit. It takes 15 to 40 minutes a run on a 2-core machine.
const { spawn, spawnSync } = require('node:child_process');
const { cpSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const beside = args.includes('--beside');
const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;

function clone() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sum28-suite-'));
  const r = spawnSync('git', ['clone', '-q', ROOT, dir], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('git clone failed');
  return dir;
}

/** Runs a command in `cwd`, answering its exit code, output and wall seconds. */
function timed(cmd, cmdArgs, cwd) {
  return new Promise((resolve) => {
    const started = Date.now();
    let out = '';
    const child = spawn(cmd, cmdArgs, { cwd, env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

function report(label, ci, test) {
  console.log(
    `\n${label}: npm ci ${ci.seconds} s (${/added (\d+) packages/.exec(ci.out)?.[1] ?? '?'} packages), npm test ${test.seconds} s, exit ${test.code}`,
  );
  for (const m of test.out.matchAll(/^=== (.+): (passed|FAILED) in (\d+) s ===$/gm))
    console.log(`  ${m[3].padStart(5)} s  ${m[2] === 'passed' ? '' : 'FAILED '}${m[1]}`);
  for (const line of test.out.split('\n').filter((l) => /passed, \d+ failed|distinct test cases/.test(l))) console.log(`  ${line}`);
}

async function main() {
  // The clones and their `npm ci` once; `--runs N` then runs `npm test` N times in a row in them (the first run is a
  // fresh clone's; later ones find the caches a developer's machine has).
  const dirs = [clone(), ...(beside ? [clone()] : [])];
  try {
    // npm ci one clone after the other (its time is one of the figures); then the test runs together.
    const cis = [];
    for (const dir of dirs) cis.push(await timed('npm', ['ci', '--no-audit', '--no-fund'], dir));
    for (let run = 1; run <= runs; run++) {
      const tests = await Promise.all(dirs.map((dir) => timed('npm', ['test'], dir)));
      dirs.forEach((dir, i) => report(`run ${run}${beside ? (i === 0 ? ', first clone' : ', second clone beside it') : ''}`, cis[i], tests[i]));
      // A failed run's reports (every step's log, the JSON of each runner) outlive the clone: reports/bench-suite/.
      tests.forEach((t, i) => {
        if (t.code === 0) return;
        const kept = path.join(ROOT, 'reports', 'bench-suite', `run${run}-clone${i + 1}`);
        cpSync(path.join(dirs[i], 'reports'), kept, { recursive: true });
        console.log(`  the failed run's reports: ${path.relative(ROOT, kept)}`);
      });
      if (tests.some((t) => t.code !== 0)) process.exitCode = 1;
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

void main();
