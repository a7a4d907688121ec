// Jest global setup of the API project: one tag per run, so every PostgreSQL database the run creates
// (TEST_DB=postgres) is named sum28_run_<tag>_... and the global teardown drops them all, even after failures.
const { newRunTag, testDbKind } = require('../../../../scripts/test-databases');

module.exports = async () => {
  testDbKind(); // refuse an unknown TEST_DB before any test runs
  if (!process.env.SUM28_TEST_RUN) process.env.SUM28_TEST_RUN = newRunTag();
};
