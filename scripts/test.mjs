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

const counts = { passed: 0, failed: 0, postgres: 0, sqlite: 0, e2e: 0 };
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      if (t.status !== 'passed') continue;
      const name = [...t.ancestorTitles, t.title].join(' ');
      if (name.includes('[postgres]')) counts.postgres += 1;
      if (name.includes('[sqlite]')) counts.sqlite += 1;
    }
  }
}

const browser = chromium();
if (browser) {
  if (run('build', 'npm', ['run', 'build', '--silent'])) {
    run('e2e (Chromium)', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: browser });
    if (existsSync('.tmp/playwright.json')) {
      const stats = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')).stats;
      counts.e2e = stats.expected;
      counts.passed += stats.expected;
      counts.failed += stats.unexpected + stats.flaky;
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
console.log(`  tests on SQLite: ${counts.sqlite}, on PostgreSQL: ${counts.postgres}${process.env.TEST_DATABASE_URL ? '' : ' (TEST_DATABASE_URL not set)'}, in Chromium: ${counts.e2e}`);
const allOk = results.every((r) => r.ok);
if (!allOk && counts.failed === 0) counts.failed = results.filter((r) => !r.ok).length;
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(allOk ? 0 : 1);
