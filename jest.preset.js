// Shared Jest settings: TypeScript through ts-jest (transpile only; `npm run typecheck` does the type checking),
// workspace packages mapped to their sources so tests never need a build first.
const path = require('node:path');
const root = __dirname;
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(root, 'tsconfig.jest.json') }],
  },
  moduleNameMapper: {
    '^@sum28/domain$': path.join(root, 'libs/domain/src'),
    '^@sum28/contracts$': path.join(root, 'libs/contracts/src'),
    '^@sum28/database$': path.join(root, 'database/src'),
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // The run's random seed (TEST_SEED) for Math.random and fast-check: printed by `npm test`, replayable.
  setupFiles: [path.join(root, 'scripts/jest-seed.js')],
};
