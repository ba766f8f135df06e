// A PostgreSQL database of the benchmark's own, created fresh and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${BENCH_PG_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createFreshDatabase(prefix = 'ghee_bench'): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  return {
    name,
    url: `${BENCH_PG_SERVER}/${name}`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Whether a PostgreSQL server answers at BENCH_PG_URL. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}
