// `npm run bench [-- api gets cod scale web] [--db sqlite,postgres] [--seconds N] [--orders N] [--profile]`
// Runs the chosen benchmarks (all by default), prints every figure beside its target, and writes the table to
// .tmp/bench/last-run.md. Loopback only; every run is bounded in time. Build first: `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiBench, type BenchDialect } from './api/api-bench';
import { postgresAvailable } from './lib/postgres';
import { ROOT } from './lib/processes';
import { formatTable, summary, type Figure } from './lib/report';
import { scaleBench } from './scale/scale-bench';
import { webBench } from './web/web-bench';

type Part = 'api' | 'gets' | 'cod' | 'scale' | 'web';

function parseArgs(argv: string[]) {
  const parts = new Set<Part>();
  let dbs: BenchDialect[] = ['sqlite', 'postgres'];
  let seconds = 10;
  let orders = 1_000_000;
  let profile = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === 'api' || arg === 'gets' || arg === 'cod' || arg === 'scale' || arg === 'web') parts.add(arg);
    else if (arg === '--db') dbs = (argv[++i] ?? '').split(',').filter((d): d is BenchDialect => d === 'sqlite' || d === 'postgres');
    else if (arg === '--seconds') seconds = Number(argv[++i]);
    else if (arg === '--orders') orders = Number(argv[++i]);
    else if (arg === '--profile') profile = true;
    else throw new Error(`unknown argument ${arg}: use api, gets, cod, scale, web, --db sqlite,postgres, --seconds N, --orders N, --profile`);
  }
  if (parts.size === 0) ['api', 'scale', 'web'].forEach((p) => parts.add(p as Part));
  return { parts, dbs, seconds, orders, profile };
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = (line: string) => console.error(`[bench] ${line}`);
  const started = new Date();
  const profileDir = path.join(ROOT, '.tmp/bench/profiles');
  const nodeArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined;
  if (args.profile) mkdirSync(profileDir, { recursive: true });
  const dbs = [...args.dbs];
  if (dbs.includes('postgres') && !(await postgresAvailable())) {
    log('PostgreSQL is not reachable (BENCH_PG_URL); its figures are left out');
    dbs.splice(dbs.indexOf('postgres'), 1);
  }
  log(`machine: ${machine()}`);

  const figures: Figure[] = [];
  if (args.parts.has('api')) {
    const profiles = nodeArgs ? { nodeArgs, clientProfileDir: profileDir } : {};
    for (const db of dbs) figures.push(...(await apiBench(db, { seconds: args.seconds, log, ...profiles })));
  } else if (args.parts.has('gets')) {
    // The GETs against their replays alone: the quick way to judge a change to the answers' path.
    for (const db of dbs) figures.push(...(await apiBench(db, { seconds: args.seconds, log, getsOnly: true })));
  } else if (args.parts.has('cod')) {
    // The API run includes the burst; alone, it is the quick way to measure an order's whole cost.
    for (const db of dbs) figures.push(...(await apiBench(db, { seconds: args.seconds, log, codOnly: true, ...(nodeArgs ? { nodeArgs } : {}) })));
  }
  if (args.parts.has('scale')) {
    for (const db of dbs) figures.push(...(await scaleBench(db, { orders: args.orders, log, ...(nodeArgs ? { nodeArgs } : {}) })));
  }
  if (args.parts.has('web')) figures.push(...(await webBench({ log })));

  const table = formatTable(figures);
  const result = summary(figures);
  const record = [
    `Run of ${started.toISOString()} (${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min)`,
    `Machine: ${machine()}`,
    `Command: npm run bench -- ${process.argv.slice(2).join(' ')}`.trimEnd(),
    '',
    table,
    '',
    result,
  ].join('\n');
  mkdirSync(path.join(ROOT, '.tmp/bench'), { recursive: true });
  writeFileSync(path.join(ROOT, '.tmp/bench/last-run.md'), record + '\n');
  console.log(record);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
