// Bulk loader for the scale benchmark: a million orders with their lines, spread over customers who each have
// the same few dozen orders a real customer might. Every order is `syntheticOrder(i)` of
// tests/support/synthetic-orders.ts, so what a query should return can be recomputed. Runs against a shop database
// that is NOT being served (the benchmark stops the server first) and writes with the drivers directly: the fastest
// path each database has.
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { nowIso } from '../../src/server/db/database';
import { randomTag, syntheticOrder, type SyntheticOrder } from '../../tests/support/synthetic-orders';

export interface LoadOptions {
  count: number;
  /** Orders go round-robin to this many customers (order i to customer i % customers). */
  customers: number;
  /** Stored for every customer, so the benchmark can log in as any of them. */
  passwordHash: string;
  tag?: string;
  onProgress?: (done: number) => void;
}

export interface LoadResult {
  tag: string;
  count: number;
  /** users.id of customer 0; customer k is firstCustomerId + k. */
  firstCustomerId: number;
  customers: number;
  seconds: number;
}

export function customerEmail(tag: string, k: number): string {
  return `bench-${tag.toLowerCase()}-${k}@example.in`;
}

const ORDER_COLUMNS = [
  'id', 'orderid', 'user_id', 'receipt', 'username', 'emailaddress', 'mobilenumber', 'address', 'pincode', 'district',
  'state', 'note', 'total_amount', 'paymentmode', 'payment_status', 'paymentid', 'status', 'gateway_order_id',
  'verified_at', 'paid_at', 'client_created_at', 'created_at', 'updated_at',
] as const;
const LINE_COLUMNS = ['order_id', 'position', 'product_id', 'name', 'size_ml', 'unit_price', 'item_qty', 'line_total'] as const;
const USER_COLUMNS = ['id', 'email', 'username', 'mobilenumber', 'address', 'pincode', 'district', 'state', 'password_hash', 'created_at', 'updated_at'] as const;

type Value = string | number | null;

function orderValues(id: number, userId: number, o: SyntheticOrder, email: string, now: string): Value[] {
  const paid = o.payment_status === 'PAID';
  return [
    id, o.orderid, userId, o.receipt, o.username, email, '9876543210', '12 Temple Street', '560001', 'Bengaluru Urban',
    'Karnataka', '', o.total_amount, o.paymentmode, o.payment_status, paid ? o.orderid.replace('order_', 'pay_') : '',
    o.status, o.paymentmode === 'ONLINE' ? o.orderid : null, null, paid ? now : null, null, o.created_at, now,
  ];
}

function lineValues(orderId: number, o: SyntheticOrder): Value[][] {
  return o.lines.map((l, position) => [orderId, position, null, l.name, l.size_ml, l.unit_price, l.item_qty, l.unit_price * l.item_qty]);
}

function userValues(id: number, tag: string, k: number, passwordHash: string, now: string): Value[] {
  return [id, customerEmail(tag, k), `Bench Customer ${k}`, '9876543210', '12 Temple Street', '560001', 'Bengaluru Urban', 'Karnataka', passwordHash, now, now];
}

/** SQLite: one transaction, multi-row INSERTs prepared once and reused for every full batch. */
interface BatchPlace {
  tag: string;
  customers: number;
  firstOrderId: number;
  firstCustomerId: number;
  now: string;
}

/** Orders `from`..`to` (exclusive) and their lines as row values; the n-th order goes to customer n mod customers. */
function batchRows(from: number, to: number, place: BatchPlace): { orders: Value[][]; lines: Value[][] } {
  const orders: Value[][] = [];
  const lines: Value[][] = [];
  for (let i = from; i < to; i += 1) {
    const o = syntheticOrder(i, { tag: place.tag });
    const k = i % place.customers;
    orders.push(orderValues(place.firstOrderId + i, place.firstCustomerId + k, o, customerEmail(place.tag, k), place.now));
    lines.push(...lineValues(place.firstOrderId + i, o));
  }
  return { orders, lines };
}

export function loadOrdersSqlite(file: string, options: LoadOptions): LoadResult {
  const started = performance.now();
  const tag = options.tag ?? randomTag();
  const db = new SqliteDatabase(file);
  // A loader's database is regenerated on failure, so it may skip the per-commit sync.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const now = nowIso();
  const rowsPerInsert = 100;
  const insertMany = (table: string, columns: readonly string[], rows: Value[][]) => {
    const row = `(${columns.map(() => '?').join(', ')})`;
    const full = db.prepare(`insert into ${table} (${columns.join(', ')}) values ${Array(rowsPerInsert).fill(row).join(', ')}`);
    for (let from = 0; from < rows.length; from += rowsPerInsert) {
      const chunk = rows.slice(from, from + rowsPerInsert);
      const statement =
        chunk.length === rowsPerInsert
          ? full
          : db.prepare(`insert into ${table} (${columns.join(', ')}) values ${Array(chunk.length).fill(row).join(', ')}`);
      statement.run(chunk.flat());
    }
  };
  let firstCustomerId = 0;
  try {
    db.transaction(() => {
      const maxUser = (db.prepare('select coalesce(max(id), 0) as m from users').get() as { m: number }).m;
      firstCustomerId = maxUser + 1;
      const users: Value[][] = [];
      for (let k = 0; k < options.customers; k += 1) users.push(userValues(firstCustomerId + k, tag, k, options.passwordHash, now));
      insertMany('users', USER_COLUMNS, users);
      const firstOrderId = (db.prepare('select coalesce(max(id), 0) as m from orders').get() as { m: number }).m + 1;
      const batch = 10_000;
      for (let from = 0; from < options.count; from += batch) {
        const { orders, lines } = batchRows(from, Math.min(from + batch, options.count), {
          tag, customers: options.customers, firstOrderId, firstCustomerId, now,
        });
        insertMany('orders', ORDER_COLUMNS, orders);
        insertMany('order_lines', LINE_COLUMNS, lines);
        options.onProgress?.(Math.min(from + batch, options.count));
      }
    })();
    // The planner's statistics, as `PRAGMA optimize` would gather them over time on a live shop.
    db.exec('analyze');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { tag, count: options.count, firstCustomerId, customers: options.customers, seconds: (performance.now() - started) / 1000 };
}

/** PostgreSQL: batched INSERT … SELECT FROM unnest(arrays), one array per column, a few thousand rows a statement. */
export async function loadOrdersPostgres(url: string, options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const tag = options.tag ?? randomTag();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = nowIso();
  const types: Record<string, string> = {
    id: 'int4', user_id: 'int4', total_amount: 'int4', order_id: 'int4', position: 'int4', product_id: 'int4',
    size_ml: 'int4', unit_price: 'int4', item_qty: 'int4', line_total: 'int4',
  };
  const insertMany = async (table: string, columns: readonly string[], rows: Value[][]) => {
    if (rows.length === 0) return;
    const arrays = columns.map((_, c) => rows.map((r) => r[c] ?? null));
    const casts = columns.map((col, c) => `$${c + 1}::${types[col] ?? 'text'}[]`).join(', ');
    await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${casts})`, arrays);
  };
  let firstCustomerId: number;
  try {
    // Synchronous commit off for this loader's session only: it is one long load, regenerated on failure.
    await client.query('set synchronous_commit = off');
    const maxUser = (await client.query<{ m: number }>('select coalesce(max(id), 0) as m from users')).rows[0]?.m ?? 0;
    firstCustomerId = Number(maxUser) + 1;
    const users: Value[][] = [];
    for (let k = 0; k < options.customers; k += 1) users.push(userValues(firstCustomerId + k, tag, k, options.passwordHash, now));
    for (let from = 0; from < users.length; from += 10_000) await insertMany('users', USER_COLUMNS, users.slice(from, from + 10_000));
    const firstOrderId = Number((await client.query<{ m: number }>('select coalesce(max(id), 0) as m from orders')).rows[0]?.m ?? 0) + 1;
    const batch = 5_000;
    for (let from = 0; from < options.count; from += batch) {
      const { orders, lines } = batchRows(from, Math.min(from + batch, options.count), {
        tag, customers: options.customers, firstOrderId, firstCustomerId, now,
      });
      await client.query('begin');
      await insertMany('orders', ORDER_COLUMNS, orders);
      await insertMany('order_lines', LINE_COLUMNS, lines);
      await client.query('commit');
      options.onProgress?.(Math.min(from + batch, options.count));
    }
    for (const table of ['users', 'orders']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    // What autovacuum does soon after a load: statistics for the planner and a visibility map for index-only scans.
    await client.query('vacuum analyze users, orders, order_lines, order_counts');
  } finally {
    await client.end();
  }
  return { tag, count: options.count, firstCustomerId, customers: options.customers, seconds: (performance.now() - started) / 1000 };
}
