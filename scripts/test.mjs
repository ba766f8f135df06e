// `npm test`: lint, type-check, unit + integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser journeys when a Chromium is found. Ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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

/**
 * The journeys run as E2E_SHARDS Playwright processes side by side (1 by default), each with its own shop, port
 * and SQLite data directory, so no journey sees another's orders or settings. On two cores the journeys are bound
 * by the CPU (Chromium and the shop), so a second shard did not shorten the run; on a bigger machine it does.
 */
async function runE2EShards(browser) {
  const count = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
  const started = Date.now();
  console.log(`\n▶ e2e (Chromium): npx playwright test, ${count} shard${count > 1 ? 's' : ''} side by side`);
  const reports = [];
  const runs = [];
  for (let i = 1; i <= count; i += 1) {
    const report = `.tmp/playwright-${i}.json`;
    rmSync(report, { force: true });
    reports.push(report);
    const args = ['playwright', 'test', ...(count > 1 ? [`--shard=${i}/${count}`] : [])];
    const env = {
      ...process.env,
      CHROMIUM_PATH: browser,
      E2E_PORT: String(4310 + (i - 1) * 10),
      E2E_DATA_DIR: `.tmp/e2e-data-${i}`,
      E2E_REPORT: report,
      PLAYWRIGHT_OUTPUT_DIR: `test-results/shard-${i}`,
    };
    runs.push(
      new Promise((resolve) => {
        const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
        const prefix = count > 1 ? `[e2e ${i}/${count}] ` : '';
        for (const stream of [child.stdout, child.stderr]) {
          let pending = '';
          stream.on('data', (chunk) => {
            pending += chunk;
            const lines = pending.split('\n');
            pending = lines.pop() ?? '';
            for (const l of lines) console.log(prefix + l);
          });
          stream.on('end', () => pending && console.log(prefix + pending));
        }
        child.on('close', (code) => resolve(code === 0));
      }),
    );
  }
  const ok = (await Promise.all(runs)).every(Boolean);
  results.push({ name: 'e2e (Chromium)', ok, seconds: Math.round((Date.now() - started) / 1000) });
  return reports;
}

const browser = chromium();
if (browser) {
  if (run('build', 'npm', ['run', 'build', '--silent'])) {
    const shards = await runE2EShards(browser);
    for (const report of shards) {
      if (!existsSync(report)) continue;
      const stats = JSON.parse(readFileSync(report, 'utf8')).stats;
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
