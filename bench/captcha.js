'use strict';
// `npm run bench:captcha` (and the end of `npm run bench`; needs apps/api built): what the captcha costs each side.
//   1. the server: ms to draw and rasterize one captcha (normal and size=large) and its bytes; every login and
//      register screen view asks for one
//   2. the client: ms to solve the proof of work bound to it (altcha-lib challenges, number uniform in [0, maxnumber]),
//      at the current default POW_MAX_NUMBER and at other sizes, by
//      a. a bot: node:crypto's synchronous SHA-256 in a loop, the cheapest way in Node (one core)
//      b. the player app's solver: apps/player/src/app/pow.ts's method (@noble/hashes' synchronous SHA-256, as its
//         Worker runs it), here in Node; a phone runs JavaScript some 3-5x slower than one core of this machine
// BENCH_POW_CHALLENGES (default 20) challenges per size; BENCH_POW_SIZES (default 100000,200000,400000,800000;
// the API's default POW_MAX_NUMBER is marked).
require('reflect-metadata');
const { createHash } = require('node:crypto');
const { join } = require('node:path');
const { cpus, loadavg } = require('node:os');
const { createChallenge } = require('altcha-lib');
const { sha256 } = require('@noble/hashes/sha2');
const { hexToBytes, utf8ToBytes } = require('@noble/hashes/utils');

const ROOT = join(__dirname, '..');
const CHALLENGES = Number(process.env.BENCH_POW_CHALLENGES ?? 20);
const SIZES = (process.env.BENCH_POW_SIZES ?? '100000,200000,400000,800000').split(',').map(Number);
const KEY = 'bench-hmac-key-bench-hmac-key-bench-hmac-key';

/** CPU time of this process since `c0` (a `process.cpuUsage()`), in ms: what the work costs, whatever else runs on the machine. */
const cpuMs = (c0) => {
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / 1000;
};
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, p50: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

function botSolve(c) {
  for (let n = 0; n <= c.maxnumber; n++)
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return n;
  throw new Error('no solution');
}

/** The player app's method (apps/player/src/app/pow.ts): @noble/hashes' synchronous SHA-256, compared as bytes. */
function playerSolve(c) {
  const target = hexToBytes(c.challenge);
  for (let n = 0; n <= c.maxnumber; n++) {
    const h = sha256(utf8ToBytes(c.salt + String(n)));
    if (h.every((x, i) => x === target[i])) return n;
  }
  throw new Error('no solution');
}

async function render() {
  const { renderCaptchaPng } = require(join(ROOT, 'apps/api/dist/auth/captcha-image.js'));
  const { generateCaptchaText } = require('@sum28/domain');
  const { randomInt } = require('node:crypto');
  const rnd = () => randomInt(2 ** 32) / 2 ** 32;
  const out = {};
  for (const size of ['normal', 'large']) {
    for (let i = 0; i < 20; i++) renderCaptchaPng(generateCaptchaText(randomInt), rnd, size); // warm up
    const times = [];
    let bytes = 0;
    for (let i = 0; i < 200; i++) {
      const c0 = process.cpuUsage();
      bytes += renderCaptchaPng(generateCaptchaText(randomInt), rnd, size).length;
      times.push(cpuMs(c0));
    }
    out[size] = { ...stats(times), bytes: bytes / 200 };
  }
  return out;
}

async function main() {
  console.log(`captcha costs on ${cpus().length} x ${cpus()[0]?.model ?? '?'} (load ${loadavg()[0].toFixed(1)})`);
  const r = await render();
  console.log('\n1. drawing one captcha (server CPU time; 200 each)');
  for (const [size, s] of Object.entries(r))
    console.log(`   ${size.padEnd(6)}: mean ${s.mean.toFixed(1)} ms, median ${s.p50.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, ${fmt(s.bytes)} bytes of PNG`);

  const { loadConfig } = require(join(ROOT, 'apps/api/dist/common/config/app-config.js'));
  const defaultMax = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' }).powMaxNumber;
  console.log(`\n2. solving the proof of work, CPU time (${CHALLENGES} challenges per size; the work is uniform in [0, maxnumber])`);
  console.log('   maxnumber   bot (node:crypto) mean / median / max              player app method (noble) mean / max');
  for (const maxnumber of SIZES) {
    const challenges = [];
    for (let i = 0; i < CHALLENGES; i++) challenges.push(await createChallenge({ algorithm: 'SHA-256', hmacKey: KEY, maxnumber }));
    const bot = [];
    const player = [];
    let hashes = 0;
    for (const c of challenges) {
      let c0 = process.cpuUsage();
      const n = botSolve(c);
      bot.push(cpuMs(c0));
      c0 = process.cpuUsage();
      if (playerSolve(c) !== n) throw new Error('the two solvers disagree');
      player.push(cpuMs(c0));
      hashes += n + 1;
    }
    const b = stats(bot);
    const p = stats(player);
    const per = (xs) => ((xs.reduce((a, x) => a + x, 0) * 1000) / hashes).toFixed(2);
    console.log(
      `   ${fmt(maxnumber).padStart(9)}${maxnumber === defaultMax ? '*' : ' '}  ${fmt(b.mean).padStart(6)} / ${fmt(b.p50).padStart(6)} / ${fmt(b.max).padStart(6)} ms (${per(bot)} us a hash)` +
        `   ${fmt(p.mean).padStart(6)} / ${fmt(p.max).padStart(6)} ms (${per(player)} us a hash)`,
    );
  }
  console.log(`   * the API's default POW_MAX_NUMBER`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
