// Jest setup of every project: the run's random seed (TEST_SEED, chosen and printed by scripts/test.js, or by this
// file when jest runs alone) drives Math.random and fast-check, so a failure seen once can be replayed with
// `TEST_SEED=<seed> npx jest <file>`. Each test file starts the sequence afresh: its cases do not depend on which
// other files ran before it in the same worker.
const fc = require('fast-check');

if (!process.env.TEST_SEED) process.env.TEST_SEED = String(Math.floor(Math.random() * 2 ** 31));
const seed = Number(process.env.TEST_SEED);

/** mulberry32: a small, well-distributed 32-bit generator (enough for test data; nothing here is a secret). */
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Math.random = mulberry32(seed);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
