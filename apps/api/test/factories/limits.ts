// eslint-disable-next-line @typescript-eslint/no-require-imports
const limits = require('../../../../scripts/test-limits') as { testLimitMs: (factor?: number) => number; startLimitMs: () => number };

/** Every time limit of the tests from one setting, TEST_TIME_LIMIT_S (scripts/test-limits.js). */
export const { testLimitMs, startLimitMs } = limits;
