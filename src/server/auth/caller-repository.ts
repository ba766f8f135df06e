import { sql, type CompiledQuery } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { createReadBatcher, perDatabase } from '../db/read-batcher';

/** The session with its account, one row per role (a single row with a null role when it has none). */
export type CallerRow = {
  session_id: string;
  expires_at: string;
  last_seen_at: string;
  ended_at: string | null;
  id: number;
  email: string;
  username: string;
  orders_version: number;
  role: string | null;
};

function callerColumns(db: DB) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.ended_at',
      'users.id',
      'users.email',
      'users.username',
      'users.orders_version',
      'user_roles.role',
    ]);
}

/** The callers of one turn of the event loop in one query (see read-batcher); the SQL is built once. */
const callerBatcher = perDatabase((db: DB, dialect: Dialect) => {
  // One SQL text whatever the number of ids: an array parameter (PostgreSQL) or a JSON one (SQLite).
  const postgres = dialect === 'postgres';
  const compiled: CompiledQuery<CallerRow> = callerColumns(db)
    .where(postgres ? sql<boolean>`sessions.id = any(${['']})` : sql<boolean>`sessions.id in (select value from json_each(${'[]'}))`)
    .compile();
  return createReadBatcher(async (ids: string[]) => {
    const { rows } = await db.executeQuery<CallerRow>({ ...compiled, parameters: [postgres ? ids : JSON.stringify(ids)] });
    const byId = new Map<string, CallerRow[]>();
    for (const row of rows) byId.set(row.session_id, [...(byId.get(row.session_id) ?? []), row]);
    return byId;
  });
});

/**
 * The session a token names, with its account, roles and orders version, read on every authenticated request so
 * that an ended session, a deleted account or a revoked role takes effect at once in every process. One query for
 * all of it (the session costs no second round trip). Read-only: the rows may answer several requests of the same
 * session.
 */
export async function loadCaller(db: DB, dialect: Dialect, sessionId: string): Promise<readonly Readonly<CallerRow>[]> {
  return (await callerBatcher(db, dialect).load(sessionId)) ?? [];
}
