// Drops every PostgreSQL database this run created (tests drop their own on close; this catches the rest).
const { dropRunDatabases, testDbKind } = require('../../../../scripts/test-databases');

module.exports = async () => {
  if (testDbKind() !== 'postgres' || !process.env.SUM28_TEST_RUN) return;
  const n = await dropRunDatabases(process.env.SUM28_TEST_RUN);
  if (n > 0) console.log(`dropped ${n} leftover test database(s) of run ${process.env.SUM28_TEST_RUN}`);
};
