import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Deep pages of the admin list at a million orders: skipping hundreds of thousands of index entries to reach the
 * middle of the sales is slow on PostgreSQL. `order_counts` now counts orders per month of `created_at` (its first
 * seven characters, 'YYYY-MM', so the month is a prefix of the sort key) as well as per payment mode, payment status and
 * status: summing the months before a page tells in which month the page starts and how many orders precede that
 * month, and the page is read from the start of that month, skipping at most one month of orders. The triggers
 * keep it as before, in the same transaction as every order write, now also when an order's date changes.
 */
export function pagingByMonthMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const rebuild = async (executor: Kysely<unknown>) => {
        const run = (text: string) => sql.raw(text).execute(executor);
        await (dialect === 'postgres' ? postgresCounts(run) : sqliteCounts(run));
        await run(`insert into order_counts (${KEY}, stripe, n)
          select substr(created_at, 1, 7), paymentmode, payment_status, status, 0, count(*)
          from orders group by substr(created_at, 1, 7), paymentmode, payment_status, status`);
      };
      // Kysely runs a PostgreSQL migration in a transaction but not a SQLite one: a crash between dropping the old
      // table and creating the new triggers would leave orders uncounted and the migration unable to run again.
      if (dialect === 'sqlite') await db.transaction().execute(rebuild);
      else await rebuild(db);
    },
  };
}

type Run = (text: string) => Promise<unknown>;

const KEY = 'month, paymentmode, payment_status, status';

async function sqliteCounts(run: Run) {
  for (const name of ['ai', 'au', 'ad']) await run(`drop trigger order_counts_${name}`);
  await run('drop table order_counts');
  // One writer at a time on SQLite: stripe stays 0 (the column keeps one shape for both databases).
  await run(`create table order_counts (
    month text not null, paymentmode text not null, payment_status text not null, status text not null,
    stripe integer not null, n integer not null, primary key (${KEY}, stripe)) without rowid`);
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    `insert into order_counts (${KEY}, stripe, n)
       values (substr(${row}.created_at, 1, 7), ${row}.paymentmode, ${row}.payment_status, ${row}.status, 0, ${delta})
       on conflict (${KEY}, stripe) do update set n = n + ${delta};`;
  await run(`create trigger order_counts_ai after insert on orders begin ${bump('new', 1)} end`);
  await run(`create trigger order_counts_au after update of created_at, paymentmode, payment_status, status on orders
    when substr(old.created_at, 1, 7) is not substr(new.created_at, 1, 7) or old.paymentmode is not new.paymentmode
      or old.payment_status is not new.payment_status or old.status is not new.status
    begin ${bump('old', -1)} ${bump('new', 1)} end`);
  await run(`create trigger order_counts_ad after delete on orders begin ${bump('old', -1)} end`);
}

// Concurrent writers from different connections update different stripes, as before.
const PG_STRIPES = 16;

async function postgresCounts(run: Run) {
  for (const name of ['ai', 'au', 'ad']) await run(`drop trigger order_counts_${name} on orders`);
  for (const event of ['insert', 'update', 'delete']) await run(`drop function order_counts_after_${event}()`);
  await run('drop table order_counts');
  await run(`create table order_counts (
    month text not null, paymentmode text not null, payment_status text not null, status text not null,
    stripe integer not null, n bigint not null, primary key (${KEY}, stripe))`);
  // Statement-level with transition tables, keys upserted in order (no two statements lock rows crosswise).
  const delta = (rows: string, sign: 1 | -1) =>
    `select substr(created_at, 1, 7) as month, paymentmode, payment_status, status, ${sign} as d from ${rows}`;
  const apply = (source: string) => `
    insert into order_counts as c (${KEY}, stripe, n)
    select ${KEY}, pg_backend_pid() % ${PG_STRIPES}, sum(d) from (${source}) deltas
    group by ${KEY} having sum(d) <> 0 order by ${KEY}
    on conflict (${KEY}, stripe) do update set n = c.n + excluded.n;`;
  const fn = (name: string, source: string) =>
    run(`create function ${name}() returns trigger language plpgsql as $$ begin ${apply(source)} return null; end $$`);
  await fn('order_counts_after_insert', delta('new_rows', 1));
  await fn('order_counts_after_update', `${delta('new_rows', 1)} union all ${delta('old_rows', -1)}`);
  await fn('order_counts_after_delete', delta('old_rows', -1));
  await run(`create trigger order_counts_ai after insert on orders referencing new table as new_rows
    for each statement execute function order_counts_after_insert()`);
  await run(`create trigger order_counts_au after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function order_counts_after_update()`);
  await run(`create trigger order_counts_ad after delete on orders referencing old table as old_rows
    for each statement execute function order_counts_after_delete()`);
}
