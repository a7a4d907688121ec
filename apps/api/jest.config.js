module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // TEST_DB=postgres: one tag per run for the databases it creates, all dropped at the end (test/support)
  setupFilesAfterEnv: ['<rootDir>/test/support/after-file.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
};
