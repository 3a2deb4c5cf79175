// Sums the vitest JSON reports of every workspace into one closing line.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(group)) {
    const file = `${group}/${name}/.vitest-report.json`;
    if (!existsSync(`${group}/${name}/package.json`)) continue;
    // A workspace without tests of its own (the desk: its browser tests run with the API's).
    if (!JSON.parse(readFileSync(`${group}/${name}/package.json`, 'utf8')).scripts?.test) continue;
    if (!existsSync(file)) {
      missing.push(`${group}/${name}`);
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
if (missing.length) console.log(`no test report from: ${missing.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed + missing.length} failed, ${skipped} skipped`);
