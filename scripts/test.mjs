// `npm test`: lint, type-check, unit + integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser journeys when a Chromium is found. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const requireE2E = process.env.REQUIRE_E2E === '1';
const results = [];
mkdirSync('.tmp', { recursive: true });

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return status === 0;
}

function chromium() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
}

run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('type-check', 'npx', ['tsc', '--noEmit']);
run('unit + integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']);

// Each test is counted once, in one place: where it ran (SQLite, PostgreSQL, no database, Chromium) and how it
// ended, so the lines below add up to the total.
const tally = () => ({ passed: 0, failed: 0, skipped: 0 });
const where = { sqlite: tally(), postgres: tally(), plain: tally(), e2e: tally() };
let e2eRan = false;
function place(name) {
  if (name.includes('[postgres]')) return where.postgres;
  if (name.includes('[sqlite]')) return where.sqlite;
  return where.plain;
}
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      const bucket = place([...t.ancestorTitles, t.title].join(' '));
      if (t.status === 'passed') bucket.passed += 1;
      else if (t.status === 'failed') bucket.failed += 1;
      else bucket.skipped += 1;
    }
  }
}

const browser = chromium();
if (browser) {
  if (run('build', 'npm', ['run', 'build', '--silent'])) {
    run('e2e (Chromium)', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: browser });
    if (existsSync('.tmp/playwright.json')) {
      const stats = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')).stats;
      e2eRan = true;
      where.e2e.passed += stats.expected;
      where.e2e.failed += stats.unexpected + stats.flaky;
      where.e2e.skipped += stats.skipped;
    }
  }
} else if (requireE2E) {
  console.error('\nREQUIRE_E2E=1 but no Chromium was found (install Debian\'s chromium or set CHROMIUM_PATH).');
  results.push({ name: 'e2e (Chromium)', ok: false, seconds: 0 });
} else {
  console.log('\n(e2e skipped: no Chromium found; install Debian\'s chromium to run the browser journeys)');
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const line = (t) => `${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`;
console.log('\nWhere the tests ran');
console.log(`  unit (no database):  ${line(where.plain)}`);
console.log(`  SQLite:              ${line(where.sqlite)}`);
console.log(
  process.env.TEST_DATABASE_URL
    ? `  PostgreSQL:          ${line(where.postgres)}`
    : `  PostgreSQL:          not run (TEST_DATABASE_URL is not set)${where.postgres.skipped ? `: ${where.postgres.skipped} tests skipped` : ''}` +
        (where.postgres.passed + where.postgres.failed ? `; ${line({ ...where.postgres, skipped: 0 })} that need no server` : ''),
);
console.log(e2eRan ? `  Chromium (e2e):      ${line(where.e2e)}` : '  Chromium (e2e):      not run (see above)');
const totals = Object.values(where).reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed, skipped: a.skipped + t.skipped }), tally());
const allOk = results.every((r) => r.ok);
// A step that failed before any test ran (lint, type-check, build) still counts as a failure.
const stepFailures = results.filter((r) => !r.ok).length;
if (!allOk && totals.failed === 0) totals.failed = stepFailures;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? ` (${totals.skipped} skipped)` : ''}`);
process.exit(allOk ? 0 : 1);
