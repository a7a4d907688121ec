#!/usr/bin/env node
// Prints `N passed, N failed` from the JSON reports of every runner under reports/ (jest and vitest share
// the numPassedTests / numFailedTests fields). Exits 1 when a test failed or no test ran.
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '..', 'reports');
let passed = 0;
let failed = 0;
if (existsSync(dir)) {
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
