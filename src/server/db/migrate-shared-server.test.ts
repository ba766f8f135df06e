import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

const url = process.env.TEST_DATABASE_URL;

// Parallel suites share one PostgreSQL server, each in a schema of its own, and drop their schema when done. Kysely
// reads every schema's tables before it migrates, so a drop at that moment used to fail an unrelated suite's start.
describe.skipIf(!url)('migrating while other schemas on the server come and go [postgres]', () => {
  it('migrates every time while another client creates and drops schemas as fast as it can', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let churning = true;
    const churn = (async () => {
      while (churning) {
        const other = `churn_${randomBytes(5).toString('hex')}`;
        await admin.query(`create schema ${other}; create table ${other}.t (id serial primary key, v text)`);
        await admin.query(`drop schema ${other} cascade`);
      }
    })();
    const schemas: string[] = [];
    try {
      for (let i = 0; i < 6; i += 1) {
        const schema = `m_${randomBytes(5).toString('hex')}`;
        schemas.push(schema);
        await admin.query(`create schema ${schema}`);
        const handle = openDatabase({ url, dataDir: os.tmpdir(), searchPath: schema });
        try {
          const ran = await migrateToLatest(handle);
          expect(ran.length).toBeGreaterThan(20);
        } finally {
          await handle.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }, 120_000);
});
