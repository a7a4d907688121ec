// API tests open real databases and hash with argon2: give them room on a 2-core machine.
module.exports = { maxWorkers: 2, testTimeout: 60_000, projects: ['<rootDir>/libs/domain', '<rootDir>/libs/contracts', '<rootDir>/apps/api'] };
