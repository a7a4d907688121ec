// `npm test`'s one jest run: the unit tests, the API e2e suite on SQLite through better-sqlite3 (the default driver),
// and the files whose behaviour depends on the database again on SQLite through sqlite3 and on PostgreSQL, as projects
// of one run. One pool of workers takes the files of all three databases, longest first, so no database run waits for
// another to end. `npx jest` (jest.config.js) stays the developer's run: one database, TEST_DB's.
const base = require('./jest.config');
const api = require('./apps/api/jest.config');
const { DB_INDEPENDENT_SPECS, POSTGRES_SUBSET, SQLITE3_SUBSET } = require('./scripts/test-databases');

const escape = (f) => f.replace(/\./g, '\\.');

/** The API project on the database `db`; `files` (names under apps/api/test) when it runs only those. */
function apiOn(db, files) {
  return {
    ...api,
    displayName: db === 'better-sqlite3' ? 'api' : `api on ${db}`,
    globals: { __SUM28_TEST_DB__: db },
    setupFiles: [...api.setupFiles, '<rootDir>/test/support/test-db-env.js'],
    ...(files && {
      testMatch: files.map((f) => `<rootDir>/test/${f}`),
      testPathIgnorePatterns: ['/node_modules/', ...DB_INDEPENDENT_SPECS.map(escape)],
    }),
  };
}

module.exports = {
  ...base,
  // Many files wait on databases, server processes and live rounds: four at a time keep two cores busy (a quiet
  // npm test took 617 s with three, 568 s with four).
  maxWorkers: 4,
  projects: [
    '<rootDir>/libs/domain',
    '<rootDir>/libs/contracts',
    apiOn('better-sqlite3'),
    apiOn('sqlite3', SQLITE3_SUBSET),
    apiOn('postgres', POSTGRES_SUBSET),
  ],
};
