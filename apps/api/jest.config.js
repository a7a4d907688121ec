module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // API tests open real databases and hash with argon2: give them room on a 2-core machine.
  testTimeout: 60_000,
};
