import { sql, type CompiledQuery } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { createReadBatcher } from '../db/read-batcher';

/** The account with one row per role (a single row with a null role when it has none). */
export type CallerRow = {
  id: number;
  email: string;
  username: string;
  password_changed_at: string | null;
  orders_version: number;
  role: string | null;
};

type CallerReader = (userId: number) => Promise<CallerRow[]>;
const readers = new WeakMap<DB, CallerReader>();

function callerColumns(db: DB) {
  return db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.username', 'users.password_changed_at', 'users.orders_version', 'user_roles.role']);
}

/** The callers of one turn of the event loop in one query (see read-batcher); the SQL is built once. */
function batchedReader(db: DB, dialect: Dialect): CallerReader {
  // One SQL text whatever the number of ids: an array parameter (PostgreSQL) or a JSON one (SQLite).
  const postgres = dialect === 'postgres';
  const compiled: CompiledQuery<CallerRow> = callerColumns(db)
    .where(postgres ? sql<boolean>`users.id = any(${[0]})` : sql<boolean>`users.id in (select value from json_each(${'[]'}))`)
    .compile();
  const batcher = createReadBatcher(async (ids: number[]) => {
    const { rows } = await db.executeQuery<CallerRow>({ ...compiled, parameters: [postgres ? ids : JSON.stringify(ids)] });
    const byId = new Map<number, CallerRow[]>();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    return byId;
  });
  return async (userId) => (await batcher.load(userId)) ?? [];
}

/**
 * The caller's account, roles and orders version, read on every authenticated request so that a deleted account,
 * a revoked role or a changed password takes effect at once in every process.
 */
export function loadCaller(db: DB, dialect: Dialect, userId: number): Promise<CallerRow[]> {
  let reader = readers.get(db);
  if (!reader) {
    reader = batchedReader(db, dialect);
    readers.set(db, reader);
  }
  return reader(userId);
}
