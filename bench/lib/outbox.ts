// The shop's mail outbox seen from outside, straight through the driver: how much is still to send. Reading it
// costs the shop's process nothing (SQLite: a read-only connection of its own; PostgreSQL: the server's time).
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

export interface OutboxCounts {
  /** Queued or being sent. */
  unsent: number;
  sent: number;
  failed: number;
}

export interface OutboxReader {
  counts(): Promise<OutboxCounts>;
  /** Orders in the database (a burst also places orders whose answers came after the load generator stopped). */
  orders(): Promise<number>;
  /** Polls until nothing is queued or being sent; resolves with the milliseconds that took, or null after `timeoutMs`. */
  waitEmpty(timeoutMs: number): Promise<number | null>;
  close(): Promise<void>;
}

const COUNTS_SQL = `select
  sum(case when status in ('pending', 'sending') then 1 else 0 end) as unsent,
  sum(case when status = 'sent' then 1 else 0 end) as sent,
  sum(case when status = 'failed' then 1 else 0 end) as failed
  from mail_outbox`;
const UNSENT_SQL = `select count(*) as n from mail_outbox where status in ('pending', 'sending')`;
// Polled every POLL_MS while the outbox drains: the oldest unsent row at or above the last one seen, read in id
// order from the unsent index, so a poll costs the database a few index entries. Counting the unsent rows instead
// cost PostgreSQL more per poll the bigger the burst (its index keeps every row sent since the last VACUUM): most of
// a core taken from the shop it measured (decision 045). The worker sends oldest first, so the oldest unsent id only
// grows.
const OLDEST_UNSENT_SQL = {
  postgres: `select id from mail_outbox where status in ('pending', 'sending') and id >= $1 order by id limit 1`,
  sqlite: `select id from mail_outbox indexed by mail_outbox_unsent_idx where status in ('pending', 'sending') and id >= ? order by id limit 1`,
};
const POLL_MS = 100;
const ORDERS_SQL = 'select count(*) as n from orders';

type Row = { unsent: number | string | null; sent: number | string | null; failed: number | string | null };
const toCounts = (row: Row | undefined): OutboxCounts => ({ unsent: Number(row?.unsent ?? 0), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) });

export async function openOutboxReader(where: { dataDir: string; pgUrl?: string | undefined }): Promise<OutboxReader> {
  let counts: () => Promise<OutboxCounts>;
  let unsent: () => Promise<number>;
  let oldestUnsent: (from: number) => Promise<number | null>;
  let orders: () => Promise<number>;
  let close: () => Promise<void>;
  if (where.pgUrl) {
    const client = new pg.Client({ connectionString: where.pgUrl });
    await client.connect();
    counts = async () => toCounts((await client.query<Row>(COUNTS_SQL)).rows[0]);
    unsent = async () => Number((await client.query<{ n: string }>(UNSENT_SQL)).rows[0]?.n ?? 0);
    oldestUnsent = async (from) => {
      const row = (await client.query<{ id: number }>(OLDEST_UNSENT_SQL.postgres, [from])).rows[0];
      return row ? Number(row.id) : null;
    };
    orders = async () => Number((await client.query<{ n: string }>(ORDERS_SQL)).rows[0]?.n ?? 0);
    close = () => client.end();
  } else {
    const db = new SqliteDatabase(path.join(where.dataDir, 'shop.db'), { readonly: true });
    const all = db.prepare(COUNTS_SQL);
    const due = db.prepare(UNSENT_SQL);
    const oldest = db.prepare(OLDEST_UNSENT_SQL.sqlite);
    oldestUnsent = async (from) => {
      const row = oldest.get(from) as { id: number } | undefined;
      return row ? row.id : null;
    };
    const placed = db.prepare(ORDERS_SQL);
    counts = async () => toCounts(all.get() as Row);
    unsent = async () => Number((due.get() as { n: number }).n);
    orders = async () => Number((placed.get() as { n: number }).n);
    close = async () => {
      db.close();
    };
  }
  return {
    counts,
    orders,
    async waitEmpty(timeoutMs) {
      const started = performance.now();
      let from = 0;
      while (performance.now() - started < timeoutMs) {
        const oldest = await oldestUnsent(from);
        if (oldest !== null) from = oldest;
        // Nothing at or above the last one seen: counted once over all of them to be sure (a retry may sit lower).
        else if ((await unsent()) === 0) return performance.now() - started;
        else from = 0;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      return null;
    },
    close,
  };
}
