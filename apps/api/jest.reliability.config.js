// `npm run test:reliability`: the long reliability suite (issue 13, point 5), outside `npm test` (it takes
// longer than CI allows). One file per test family under test/reliability/, run one after the other (they
// load the machine and some start their own servers). docs/reliability.md gives the last figures.
module.exports = {
  ...require('../../jest.preset'),
  displayName: 'reliability',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/reliability/**/*.rel-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testTimeout: 3_600_000,
  maxWorkers: 1,
};
