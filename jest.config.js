// API tests open real databases and hash passwords: give them room on a 2-core machine. The limit of a test or hook
// comes from TEST_TIME_LIMIT_S (scripts/test-limits.js), like every other limit of the suites.
const { testLimitMs } = require('./scripts/test-limits');

module.exports = {
  maxWorkers: 2,
  // The long files first (a fresh clone has no cached durations for Jest to order by).
  testSequencer: '<rootDir>/scripts/jest-sequencer.js',
  testTimeout: testLimitMs(),
  projects: ['<rootDir>/libs/domain', '<rootDir>/libs/contracts', '<rootDir>/apps/api'],
};
