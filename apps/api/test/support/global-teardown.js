// Drops every PostgreSQL database this run created (tests drop their own on close; this catches the rest, and the
// run's template; the SQLite runs make some too, for their explicit PostgreSQL legs) and removes the run's template
// SQLite files.
const { dropRunDatabases, removeRunTemplates, testDbKind } = require('../../../../scripts/test-databases');

module.exports = async () => {
  const tag = process.env.SUM28_TEST_RUN;
  if (!tag) return;
  removeRunTemplates(tag);
  try {
    const n = await dropRunDatabases(tag);
    if (n > 0) console.log(`dropped ${n} test database(s) of run ${tag}`);
  } catch (e) {
    if (testDbKind() === 'postgres') throw e;
  }
};
