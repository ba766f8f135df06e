import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Searching the admin list by a name that tens of thousands of orders share: the trigram index finds every one
 * of them, and counting and sorting them all on every request is slow. Orders
 * are placed by far fewer distinct names than there are orders, so:
 * - `order_names` holds how many orders each customer name (lower-cased) has per payment mode, payment status and
 *   status, kept by triggers in the same transaction as every order write: the names a term matches, and the
 *   exact total, come from this small table;
 * - `orders_sale_name_created_idx` holds the sales of each name in list order (with the status, checked inside
 *   the index), so a page is a merge of one ordered index range per matching name.
 */
export function orderNamesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const run = (text: string) => sql.raw(text).execute(db);
      await (dialect === 'postgres' ? postgresNames(run) : sqliteNames(run));
      await run(`insert into order_names (${KEY}${dialect === 'postgres' ? ', stripe' : ''}, n)
        select lower(username), paymentmode, payment_status, status${dialect === 'postgres' ? ', 0' : ''}, count(*)
        from orders group by lower(username), paymentmode, payment_status, status`);
      // PostgreSQL reads an expression index without visiting the table only when the expression's columns are
      // in the index too, hence the included username there.
      await run(`create index orders_sale_name_created_idx on orders (lower(username), created_at, id, status)
        ${dialect === 'postgres' ? 'include (username) ' : ''}where payment_status in ('PAID', 'COD')`);
    },
  };
}

type Run = (text: string) => Promise<unknown>;

const KEY = 'name_key, paymentmode, payment_status, status';

async function sqliteNames(run: Run) {
  // One writer at a time on SQLite: a single counter row per key never holds anyone up.
  await run(`create table order_names (
    name_key text not null, paymentmode text not null, payment_status text not null, status text not null,
    n integer not null, primary key (${KEY})) without rowid`);
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    `insert into order_names (${KEY}, n)
       values (lower(${row}.username), ${row}.paymentmode, ${row}.payment_status, ${row}.status, ${delta})
       on conflict (${KEY}) do update set n = n + ${delta};`;
  await run(`create trigger order_names_ai after insert on orders begin ${bump('new', 1)} end`);
  await run(`create trigger order_names_au after update of username, paymentmode, payment_status, status on orders
    when lower(old.username) is not lower(new.username) or old.paymentmode is not new.paymentmode
      or old.payment_status is not new.payment_status or old.status is not new.status
    begin ${bump('old', -1)} ${bump('new', 1)} end`);
  await run(`create trigger order_names_ad after delete on orders begin ${bump('old', -1)} end`);
}

// Concurrent writers from different connections update different stripes, as order_counts does.
const PG_STRIPES = 16;

async function postgresNames(run: Run) {
  await run(`create table order_names (
    name_key text not null, paymentmode text not null, payment_status text not null, status text not null,
    stripe integer not null, n bigint not null, primary key (${KEY}, stripe))`);
  // Statement-level with transition tables, keys upserted in order (no two statements lock rows crosswise).
  const delta = (rows: string, sign: 1 | -1) =>
    `select lower(username) as name_key, paymentmode, payment_status, status, ${sign} as d from ${rows}`;
  const apply = (source: string) => `
    insert into order_names as c (${KEY}, stripe, n)
    select ${KEY}, pg_backend_pid() % ${PG_STRIPES}, sum(d) from (${source}) deltas
    group by ${KEY} having sum(d) <> 0 order by ${KEY}
    on conflict (${KEY}, stripe) do update set n = c.n + excluded.n;`;
  const fn = (name: string, source: string) =>
    run(`create function ${name}() returns trigger language plpgsql as $$ begin ${apply(source)} return null; end $$`);
  await fn('order_names_after_insert', delta('new_rows', 1));
  await fn('order_names_after_update', `${delta('new_rows', 1)} union all ${delta('old_rows', -1)}`);
  await fn('order_names_after_delete', delta('old_rows', -1));
  await run(`create trigger order_names_ai after insert on orders referencing new table as new_rows
    for each statement execute function order_names_after_insert()`);
  await run(`create trigger order_names_au after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function order_names_after_update()`);
  await run(`create trigger order_names_ad after delete on orders referencing old table as old_rows
    for each statement execute function order_names_after_delete()`);
}
