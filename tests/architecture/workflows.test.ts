// The order's life reads as workflows (ordering/workflows/, decision 073): one file per thing that happens to an order,
// each named in ordering/README.md's table, each calling its steps and never the database itself. The workflows are
// the top of ordering: routes, jobs and index.ts call them; no step calls back up into one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, SERVER, sourceFiles } from './source-imports';

const ORDERING = 'src/server/ordering';
const WORKFLOWS = `${ORDERING}/workflows`;

/** Entry points besides routes and index.ts: the jobs and inbound messages that start a workflow. */
const ENTRY_POINTS = new Set([
  `${ORDERING}/reconciliation.ts`,
  `${ORDERING}/whatsapp-answers.ts`,
  `${ORDERING}/shipping/poll-service.ts`,
]);

const workflowFiles = () =>
  readdirSync(path.join(ROOT, WORKFLOWS))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `${WORKFLOWS}/${name}`);

const isWorkflow = (target: string | null) => !!target && target.startsWith(`${WORKFLOWS}/`);

describe('architecture: the order workflows', () => {
  it('has a workflow file for each thing that happens to an order, each named in the README table', () => {
    const readme = readFileSync(path.join(ROOT, ORDERING, 'README.md'), 'utf8');
    const files = workflowFiles();
    expect(files.length).toBeGreaterThanOrEqual(10);
    const unlisted = files.filter((file) => !readme.includes(`\`${path.relative(ORDERING, file)}\``));
    expect(unlisted).toEqual([]);
  });

  it('lets only routes, index.ts, the listed jobs and other workflows start a workflow', () => {
    const callers = sourceFiles(SERVER)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) => importsOf(file))
      .filter((imported) => isWorkflow(imported.target?.replace(/(\.ts)?$/, '.ts') ?? null))
      .map((imported) => imported.from);
    const wrong = callers.filter(
      (file) => !file.startsWith(`${WORKFLOWS}/`) && !file.endsWith('-routes.ts') && file !== `${ORDERING}/index.ts` && !ENTRY_POINTS.has(file),
    );
    expect(wrong).toEqual([]);
    expect(callers.length).toBeGreaterThan(0);
  });

  it('keeps SQL out of the workflows: they call steps, services and repositories, never Kysely', () => {
    const sql = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/;
    const offenders = workflowFiles().filter((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return sql.test(text) || importsOf(file).some((imported) => imported.specifier === 'kysely');
    });
    expect(offenders).toEqual([]);
  });
});
