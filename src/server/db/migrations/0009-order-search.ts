import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The admin order list at a million orders:
 * - substring search by short order id or customer name through a real index: an FTS5 trigram table on SQLite,
 *   pg_trgm GIN indexes on PostgreSQL;
 * - exact totals without counting rows: `order_counts` holds how many orders there are per payment mode,
 *   payment status and order status, kept by triggers in the same transaction as every order write;
 * - partial indexes that hold exactly the rows each list shows (sales, unpaid online orders), in list order,
 *   so a page is read from one index whatever the filter.
 */
export function orderSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await (dialect === 'postgres' ? postgresSearch(db) : sqliteSearch(db));
      await listIndexes(db);
    },
  };
}

const SALE = `payment_status in ('PAID', 'COD')`;
const UNPAID = `paymentmode = 'ONLINE' and payment_status in ('PENDING', 'FAILED')`;

async function listIndexes(db: Kysely<unknown>) {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create index orders_sale_created_idx on orders (created_at, id) where ${SALE}`);
  await run(`create index orders_sale_status_created_idx on orders (status, created_at, id) where ${SALE}`);
  // Unpaid online orders are a small share: one index, with the status inside it so a status filter is checked
  // in the index while walking it, saves a fourth index on every order written.
  await run(`create index orders_unpaid_created_idx on orders (created_at, id, status) where ${UNPAID}`);
}

const COUNT_KEY = 'paymentmode, payment_status, status';

async function sqliteSearch(db: Kysely<unknown>) {
  const run = (text: string) => sql.raw(text).execute(db);
  // The trigram tokenizer indexes every 3-character run, so a quoted phrase matches any substring of 3 or more
  // characters, case-insensitively, straight from the index. rowid is orders.id. Contentless and without
  // column sizes: the index alone answers a phrase, and each order costs a third less to write than with a
  // stored copy of the text. Removing an entry therefore names the values it was indexed with.
  await run(`create virtual table order_search using fts5(shortid, username, tokenize = 'trigram', content = '', columnsize = 0)`);
  await run(`insert into order_search (rowid, shortid, username) select id, substr(orderid, 7), username from orders`);
  const add = `insert into order_search (rowid, shortid, username) values (new.id, substr(new.orderid, 7), new.username);`;
  const remove = `insert into order_search (order_search, rowid, shortid, username) values ('delete', old.id, substr(old.orderid, 7), old.username);`;
  await run(`create trigger order_search_ai after insert on orders begin ${add} end`);
  await run(`create trigger order_search_au after update of orderid, username on orders begin ${remove} ${add} end`);
  await run(`create trigger order_search_ad after delete on orders begin ${remove} end`);

  // SQLite has a single writer, so one counter row per key never holds anyone up (stripe is always 0).
  await run(`create table order_counts (
    paymentmode text not null, payment_status text not null, status text not null,
    stripe integer not null, n integer not null,
    primary key (${COUNT_KEY}, stripe)) without rowid`);
  await run(`insert into order_counts (${COUNT_KEY}, stripe, n) select ${COUNT_KEY}, 0, count(*) from orders group by ${COUNT_KEY}`);
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    `insert into order_counts (${COUNT_KEY}, stripe, n)
       values (${row}.paymentmode, ${row}.payment_status, ${row}.status, 0, ${delta})
       on conflict (${COUNT_KEY}, stripe) do update set n = n + ${delta};`;
  await run(`create trigger order_counts_ai after insert on orders begin ${bump('new', 1)} end`);
  await run(`create trigger order_counts_au after update of paymentmode, payment_status, status on orders
    when old.paymentmode is not new.paymentmode or old.payment_status is not new.payment_status or old.status is not new.status
    begin ${bump('old', -1)} ${bump('new', 1)} end`);
  await run(`create trigger order_counts_ad after delete on orders begin ${bump('old', -1)} end`);
}

// Concurrent orders from different connections update different counter rows, so no order waits on another's
// commit; a total is the sum over at most a few hundred small rows.
const PG_STRIPES = 16;

async function postgresSearch(db: Kysely<unknown>) {
  const run = (text: string) => sql.raw(text).execute(db);
  // The extension is database-wide: it lives in `public`, not in whichever schema migrates first (test suites
  // each migrate their own schema at the same time, hence the lock around creating it).
  await run(`select pg_advisory_xact_lock(hashtext('ghee-shop:create-extension-pg_trgm'))`);
  await run(`create extension if not exists pg_trgm with schema public`);
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema ?? 'public';
  const opclass = `${quoteIdent(schema)}.gin_trgm_ops`;
  // The expressions are the ones the search query uses, literally, so the planner matches them to the index.
  await run(`create index orders_shortid_trgm_idx on orders using gin (lower(substr(orderid, 7)) ${opclass})`);
  await run(`create index orders_username_trgm_idx on orders using gin (lower(username) ${opclass})`);

  await run(`create table order_counts (
    paymentmode text not null, payment_status text not null, status text not null,
    stripe integer not null, n bigint not null,
    primary key (${COUNT_KEY}, stripe))`);
  await run(`insert into order_counts (${COUNT_KEY}, stripe, n) select ${COUNT_KEY}, 0, count(*) from orders group by ${COUNT_KEY}`);
  // Statement-level with transition tables: a bulk insert of a thousand orders costs one upsert, not a thousand.
  // Rows are upserted in key order so two statements never lock the same counters in opposite orders.
  const delta = (rows: string, sign: 1 | -1) => `select ${COUNT_KEY}, ${sign} as d from ${rows}`;
  const apply = (source: string) => `
    insert into order_counts as c (${COUNT_KEY}, stripe, n)
    select ${COUNT_KEY}, pg_backend_pid() % ${PG_STRIPES}, sum(d) from (${source}) deltas
    group by ${COUNT_KEY} having sum(d) <> 0 order by ${COUNT_KEY}
    on conflict (${COUNT_KEY}, stripe) do update set n = c.n + excluded.n;`;
  await run(`create function order_counts_after_insert() returns trigger language plpgsql as $$
    begin ${apply(delta('new_rows', 1))} return null; end $$`);
  await run(`create function order_counts_after_update() returns trigger language plpgsql as $$
    begin ${apply(`${delta('new_rows', 1)} union all ${delta('old_rows', -1)}`)} return null; end $$`);
  await run(`create function order_counts_after_delete() returns trigger language plpgsql as $$
    begin ${apply(delta('old_rows', -1))} return null; end $$`);
  await run(`create trigger order_counts_ai after insert on orders referencing new table as new_rows
    for each statement execute function order_counts_after_insert()`);
  await run(`create trigger order_counts_au after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function order_counts_after_update()`);
  await run(`create trigger order_counts_ad after delete on orders referencing old table as old_rows
    for each statement execute function order_counts_after_delete()`);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
