import { configure } from '@testing-library/dom';

// Testing Library's waits (findBy*, waitFor) follow the suites' limit (TEST_TIME_LIMIT_S, through vite.config.ts) rather
// than its fixed 1 s, which a machine loaded by a second `npm test` exceeds.
configure({ asyncUtilTimeout: Number(process.env['TEST_ASYNC_WAIT_MS'] ?? 30_000) });
