import { sql, type CompiledQuery } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { createReadBatcher, perDatabase } from '../db/read-batcher';

/** The account with one row per role (a single row with a null role when it has none). */
export type CallerRow = {
  id: number;
  email: string;
  username: string;
  password_changed_at: string | null;
  orders_version: number;
  role: string | null;
};

function callerColumns(db: DB) {
  return db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.username', 'users.password_changed_at', 'users.orders_version', 'user_roles.role']);
}

/** The callers of one turn of the event loop in one query (see read-batcher); the SQL is built once. */
const callerBatcher = perDatabase((db: DB, dialect: Dialect) => {
  // One SQL text whatever the number of ids: an array parameter (PostgreSQL) or a JSON one (SQLite).
  const postgres = dialect === 'postgres';
  const compiled: CompiledQuery<CallerRow> = callerColumns(db)
    .where(postgres ? sql<boolean>`users.id = any(${[0]})` : sql<boolean>`users.id in (select value from json_each(${'[]'}))`)
    .compile();
  return createReadBatcher(async (ids: number[]) => {
    const { rows } = await db.executeQuery<CallerRow>({ ...compiled, parameters: [postgres ? ids : JSON.stringify(ids)] });
    const byId = new Map<number, CallerRow[]>();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    return byId;
  });
});

/**
 * The caller's account, roles and orders version, read on every authenticated request so that a deleted account,
 * a revoked role or a changed password takes effect at once in every process. Read-only: the rows may answer
 * several requests of the same caller.
 */
export async function loadCaller(db: DB, dialect: Dialect, userId: number): Promise<readonly Readonly<CallerRow>[]> {
  return (await callerBatcher(db, dialect).load(userId)) ?? [];
}
