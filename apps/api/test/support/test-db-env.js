// Setup file of the database projects of `npm test`'s one jest run (jest.databases.config.js): TEST_DB of the file about
// to run comes from its project (jest `globals`), not from the worker's environment. Jest gives each test file its own
// copy of process.env, so a file of one project never sees another project's TEST_DB.
process.env.TEST_DB = globalThis.__SUM28_TEST_DB__;
