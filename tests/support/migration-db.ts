// A database of its own (a temporary SQLite file, or a throwaway PostgreSQL schema) migrated step by step, for tests
// of what a migration does to a shop that already holds data.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Dialect, type Executor } from '../../src/server/db/database';
import { migrations, withOwnSchemaIntrospection } from '../../src/server/db/migrate';

export interface MigrationDb {
  handle: DatabaseHandle;
  /** Runs the migrations up to and including this one; throws with the migrator's error. */
  migrateTo(name: string): Promise<void>;
  migrateToLatest(): Promise<void>;
}

/** Opens the database, hands it to `use`, then closes and removes it, whatever `use` did. */
export async function withMigrationDb(dialect: Dialect, use: (db: MigrationDb) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-migration-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  if (dialect === 'postgres') await admin(`create schema ${schema}`);
  const handle = openDatabase({ url: dialect === 'postgres' ? baseUrl : undefined, dataDir, ...(dialect === 'postgres' ? { searchPath: schema } : {}) });
  const migrator = new Migrator({
    // As the shop's own migrate does: Kysely's introspector reads every schema on the server, and fails while a
    // parallel test file drops its schema.
    db: dialect === 'postgres' ? withOwnSchemaIntrospection(handle.db, schema) : handle.db,
    provider: { getMigrations: async () => migrations(handle) },
    allowUnorderedMigrations: true,
    ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  const check = async (result: Promise<{ error?: unknown }>) => {
    const { error } = await result;
    if (error) throw error instanceof Error ? error : new Error(String(error));
  };
  try {
    await use({ handle, migrateTo: (name) => check(migrator.migrateTo(name)), migrateToLatest: () => check(migrator.migrateToLatest()) });
  } finally {
    await handle.close();
    if (dialect === 'postgres') await admin(`drop schema if exists ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A customer row written straight into a database part-way through its migrations (the users table of then). */
export async function migrationCustomer(db: Executor, email: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({ email, username: 'Asha Verma', mobilenumber: '9876543210', address: '12 Temple Street', pincode: '560001', district: 'Bengaluru Urban', state: 'Karnataka', password_hash: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
