import { ROLES, ROLE_VALUES, type Role } from '../../domain/constants';
import type { PublicUser } from '../../domain/schemas/account';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { UserRow } from '../db/schema';

export interface NewAccount {
  email: string;
  username: string;
  mobilenumber: string;
  address?: string;
  pincode?: string;
  district?: string;
  state?: string;
  /** Null for an account made at checkout, until its owner sets a password through the mailed link. */
  passwordHash: string | null;
}

/** Everything the profile form writes at once; the e-mail waits for its confirmation link. */
export interface ProfileFields {
  username: string;
  mobilenumber: string;
  address: string;
  pincode: string;
  district: string;
  state: string;
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the account with the USER role; throws a unique violation when the email is taken. */
export async function insertUser(db: Executor, account: NewAccount): Promise<UserRow> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email: account.email,
      username: account.username,
      mobilenumber: account.mobilenumber,
      address: account.address ?? '',
      pincode: account.pincode ?? '',
      district: account.district ?? '',
      state: account.state ?? '',
      password_hash: account.passwordHash,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: row.id, role: ROLES.USER }).execute();
  return row;
}

export async function updateProfile(db: Executor, id: number, fields: ProfileFields): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...fields, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The caller ends the account's sessions in the same transaction (auth/session-repository.ts). */
export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function rolesOf(db: Executor, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  const held = new Set(rows.map((r) => r.role));
  // A stable order (USER before ADMIN) whatever order the rows come back in.
  return ROLE_VALUES.filter((role) => held.has(role));
}

export async function addRole(db: Executor, userId: number, role: Role): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function removeRole(db: Executor, userId: number, role: Role): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
}

/**
 * The ids holding ADMIN. With `lock` (PostgreSQL) the rows stay locked until the transaction ends, so two admins
 * revoking each other at the same moment cannot both see "another admin is left".
 */
export async function adminIds(db: Executor, options: { lock: boolean }): Promise<number[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', ROLES.ADMIN)
    .$if(options.lock, (q) => q.forUpdate())
    .execute();
  return rows.map((r) => r.user_id);
}

export function toPublicUser(row: UserRow, roles: Role[]): PublicUser {
  return {
    username: row.username,
    emailaddress: row.email,
    mobilenumber: row.mobilenumber,
    address: row.address,
    pincode: row.pincode,
    district: row.district,
    state: row.state,
    roles,
  };
}

/** True for a unique-constraint failure on either database (SQLite's code, or PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
