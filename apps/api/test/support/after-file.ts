// Each test file's connection to the PostgreSQL server (creating and dropping its databases; test/factories/test-db.ts
// keeps it on globalThis under this name) closes with the file. Nothing is imported: unit test files stay light.
afterAll(async () => {
  const g = globalThis as { __sum28PgAdmin?: Promise<{ end: () => Promise<void> }> | null };
  const c = g.__sum28PgAdmin;
  g.__sum28PgAdmin = null;
  if (c) await (await c).end().catch(() => undefined);
});
