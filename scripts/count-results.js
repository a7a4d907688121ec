#!/usr/bin/env node
// Prints `N passed, N failed, N skipped` from the JSON reports of every runner under reports/ (jest and vitest share
// the numPassedTests / numFailedTests / numPendingTests / numTodoTests fields and testResults[].assertionResults), with
// the number of distinct cases before it (a case run on several databases counts once there). Exits 1 when a test
// failed, was skipped, or no test ran: a case that did not run proves nothing, and `npm test` never passes with one.
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '..', 'reports');
let passed = 0;
let failed = 0;
let skipped = 0;
const distinct = new Set();
if (existsSync(dir)) {
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const name = path.relative(path.resolve(__dirname, '..'), file.name ?? '');
      for (const a of file.assertionResults ?? []) distinct.add(`${name} :: ${a.fullName}`);
    }
  }
}
console.log(`${distinct.size} distinct test cases (a case run on several databases counts once)`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || skipped > 0 || passed === 0 ? 1 : 0);
