import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;
/** Anything a repository can run queries on: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… for PostgreSQL; a file path or undefined for SQLite. */
  url?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests use a fresh one each). */
  searchPath?: string;
  poolSize?: number;
}

// COUNT(*) and BIGINT come back from pg as strings; every count we read fits in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const url = options.url;
  if (url && isPostgresUrl(url)) return openPostgres(url, options);
  const file = url ? path.resolve(url.replace(/^sqlite:(\/\/)?/, '')) : path.join(options.dataDir, 'shop.db');
  return openSqlite(file);
}

function openSqlite(file: string): DatabaseHandle {
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // No memory map, and a 4 MB page cache (the driver's default is 16 MB): every page read through a map, and every
  // page the cache fills, stays in the shop's resident memory, which has a target of its own (bench/README.md). Pages
  // come from the OS page cache by read() instead, which costs the admin lists at a million orders a little time
  // (bench/README.md has the figures).
  sqlite.pragma('cache_size = -4000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

// Kysely prepares every query anew; the same few hundred SQL texts come back on every request, and preparing
// (parsing and planning) costs more than running most of them.
const STATEMENT_CACHE_MAX = 500;
/**
 * Statements with more parameters than this are prepared each time, not kept. They are the multi-row writes of a
 * group commit (orders, lines, mails), whose text differs with the group's size: a prepared statement of that
 * size holds a lot of SQLite's memory, and keeping one per group size grew the shop's malloc heap through all of
 * `npm run bench:load` without shrinking. Preparing one afresh is cheap, and happens once for the whole group
 * (figures in bench/README.md).
 */
export const STATEMENT_CACHE_MAX_PARAMETERS = 64;

function parameterCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf('?'); i !== -1; i = text.indexOf('?', i + 1)) count += 1;
  return count;
}

/** The database as Kysely sees it, with `prepare` answering a statement prepared earlier for the same SQL text. */
export function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      // A statement still being iterated (a streamed query) cannot run twice at once: prepare another.
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (!cached && parameterCount(text) <= STATEMENT_CACHE_MAX_PARAMETERS) {
        if (cache.size >= STATEMENT_CACHE_MAX) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A client checked out for a query has no pool listener: its 'error' (the server shutting down mid-query) would
  // be unhandled and end the process. The query itself still fails and is answered 503; the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

export function nowIso(): string {
  return new Date().toISOString();
}
