// Every time limit of the test suites comes from one setting, TEST_TIME_LIMIT_S (default 300 s): a limit is there
// to stop a hang, not to judge speed (speed lives in `npm run bench`), so it must hold on a machine loaded by a second
// `npm test`. Jest's and vitest's test and hook limits are the base; a server process gets half of it to start.
const raw = process.env.TEST_TIME_LIMIT_S;
const seconds = raw === undefined || raw === '' ? 300 : Number(raw);
if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`TEST_TIME_LIMIT_S must be a positive number of seconds (got "${raw}")`);

/** The limit of one test or hook, in ms; `factor` for the few that do many times the work of a test (a whole sweep). */
const testLimitMs = (factor = 1) => Math.round(seconds * 1000 * factor);
/** How long a server process (an API, a cluster, nginx) may take to answer after it was spawned. */
const startLimitMs = () => Math.round((seconds * 1000) / 2);

module.exports = { testLimitMs, startLimitMs };
