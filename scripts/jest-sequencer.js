// Jest's order of test files: the long ones first, then Jest's own order (the files that failed last, then the
// slowest by the durations Jest cached, then the largest). A fresh clone has no cached durations: without this, a file
// that waits on real time (rounds drawn by a running scheduler, server processes, nginx) may start last and end the
// run alone on one worker while the other idles. Listed by how long they took on a quiet run, longest first.
const Sequencer = require('@jest/test-sequencer').default;

const LONG_FIRST = [
  'scale.e2e-spec.ts',
  'cluster.e2e-spec.ts',
  'bad-input-sweep.e2e-spec.ts',
  'concurrency.e2e-spec.ts',
  'fairness.e2e-spec.ts',
  'backup.e2e-spec.ts',
  'ledger-model.e2e-spec.ts',
  'console-input.e2e-spec.ts',
  'console-money.e2e-spec.ts',
];

const rank = (test) => {
  const i = LONG_FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
  return i === -1 ? LONG_FIRST.length : i;
};

class LongFirstSequencer extends Sequencer {
  async sort(tests) {
    const jestOrder = await super.sort(tests);
    return [...jestOrder].sort((a, b) => rank(a) - rank(b)); // stable: Jest's order within each rank
  }
}

module.exports = LongFirstSequencer;
