module.exports = { maxWorkers: 2, projects: ['<rootDir>/libs/domain', '<rootDir>/libs/contracts', '<rootDir>/apps/api'] };
