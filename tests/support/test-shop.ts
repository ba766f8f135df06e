import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { ROLES, type Role } from '../../src/domain/constants';
import { openSession } from '../../src/server/accounts/session-service';
import { hashPassword } from '../../src/server/auth/passwords';
import { createShop, type Shop, type ShopOptions } from '../../src/server/bootstrap';
import { loadConfig, type Config } from '../../src/server/config';
import { nowIso } from '../../src/server/db/database';

export type TestDialect = 'sqlite' | 'postgres';

export interface TestShop extends Shop {
  config: Config;
  dataDir: string;
  dialect: TestDialect;
  close(): Promise<void>;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * Runs the same suite on every available database. Test names carry `[sqlite]` or `[postgres]` so a run
 * can count how many ran on each.
 */
export function describeEachDatabase(title: string, suite: (dialect: TestDialect) => void): void {
  for (const dialect of testDialects()) {
    describe(`${title} [${dialect}]`, () => suite(dialect));
  }
}

export interface TestShopOptions extends Omit<ShopOptions, 'searchPath'> {
  env?: Record<string, string>;
  /** Extra routes or hooks for a test, added before the app starts. */
  beforeReady?: (app: Shop['app']) => void;
}

/** A whole shop on a brand-new database (a temp SQLite file, or a fresh PostgreSQL schema dropped at close). */
export async function createTestShop(dialect: TestDialect, options: TestShopOptions = {}): Promise<TestShop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-test-'));
  let schema: string | undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') {
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `create schema ${schema}`);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ADMIN_EMAIL: 'admin@gheeshop.test',
    ADMIN_PASSWORD: 'admin-password',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '0',
    ...(dialect === 'postgres' && baseUrl ? { DATABASE_URL: baseUrl } : {}),
    ...options.env,
  });
  const { env: _env, beforeReady, ...shopOptions } = options;
  const shop = await createShop(config, {
    logger: false,
    serveWeb: false,
    seed: { images: false },
    // Crawlable pages render the app's screens from its source, so no build is needed.
    screenEntry: path.resolve('src/web/ssr/render-screen.tsx'),
    ...shopOptions,
    ...(schema ? { searchPath: schema } : {}),
  });
  beforeReady?.(shop.app);
  await shop.app.ready();
  return {
    ...shop,
    config,
    dataDir,
    dialect,
    async close() {
      await shop.app.close();
      if (schema && baseUrl) await adminQuery(baseUrl, `drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

let userCounter = 0;

/** Inserts an account directly (bypassing the register route) and signs a token for it. */
export async function createTestUser(
  shop: Shop,
  options: { email?: string; password?: string; roles?: Role[]; username?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = (options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.in`).toLowerCase();
  const password = options.password ?? 'secret123';
  const now = nowIso();
  const db = shop.app.ctx.db;
  const row = await db
    .insertInto('users')
    .values({
      email,
      username: options.username ?? 'Test Customer',
      mobilenumber: '9876543210',
      address: '12 Temple Street',
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      password_hash: await hashPassword(password),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = options.roles ?? [ROLES.USER];
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: row.id, role })))
    .execute();
  const token = await openSession(shop.app.ctx, { id: row.id, email });
  return { id: row.id, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** The seeded admin (ADMIN_EMAIL / ADMIN_PASSWORD of createTestShop), with a fresh token. */
export async function adminOf(shop: TestShop): Promise<TestUser> {
  const email = shop.config.ADMIN_EMAIL;
  const row = await shop.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const token = await openSession(shop.app.ctx, { id: row.id, email });
  return { id: row.id, email, password: 'admin-password', token, auth: { authorization: `Bearer ${token}` } };
}

export interface SuiteShop {
  shop: TestShop;
  /** The seeded admin, unless the suite asked for none. */
  admin: TestUser;
  /** One customer account, unless the suite asked for none. */
  customer: TestUser;
}

export interface SuiteShopOptions extends TestShopOptions {
  /** Sign the seeded admin in (default true). */
  admin?: boolean;
  /** Make a customer (default true), with these createTestUser options when given. */
  customer?: boolean | Parameters<typeof createTestUser>[1];
}

/**
 * A shop for the suite around it: made before its tests, closed after them; read its fields inside tests, since
 * they are filled only once the suite starts. Hooks the suite adds after this one run with the shop already there.
 */
export function useTestShop(dialect: TestDialect, options: SuiteShopOptions = {}): SuiteShop {
  const { admin = true, customer = true, ...shopOptions } = options;
  const set = {} as SuiteShop;
  beforeAll(async () => {
    set.shop = await createTestShop(dialect, shopOptions);
    if (admin) set.admin = await adminOf(set.shop);
    if (customer) set.customer = await createTestUser(set.shop, customer === true ? {} : customer);
  });
  afterAll(async () => set.shop?.close());
  return set;
}
