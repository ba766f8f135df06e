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
// Polled every POLL_MS: reads only the unsent rows, through the (status, next_attempt_at) index.
const UNSENT_SQL = `select count(*) as n from mail_outbox where status in ('pending', 'sending')`;
const POLL_MS = 100;
const ORDERS_SQL = 'select count(*) as n from orders';

type Row = { unsent: number | string | null; sent: number | string | null; failed: number | string | null };
const toCounts = (row: Row | undefined): OutboxCounts => ({ unsent: Number(row?.unsent ?? 0), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) });

export async function openOutboxReader(where: { dataDir: string; pgUrl?: string | undefined }): Promise<OutboxReader> {
  let counts: () => Promise<OutboxCounts>;
  let unsent: () => Promise<number>;
  let orders: () => Promise<number>;
  let close: () => Promise<void>;
  if (where.pgUrl) {
    const client = new pg.Client({ connectionString: where.pgUrl });
    await client.connect();
    counts = async () => toCounts((await client.query<Row>(COUNTS_SQL)).rows[0]);
    unsent = async () => Number((await client.query<{ n: string }>(UNSENT_SQL)).rows[0]?.n ?? 0);
    orders = async () => Number((await client.query<{ n: string }>(ORDERS_SQL)).rows[0]?.n ?? 0);
    close = () => client.end();
  } else {
    const db = new SqliteDatabase(path.join(where.dataDir, 'shop.db'), { readonly: true });
    const all = db.prepare(COUNTS_SQL);
    const due = db.prepare(UNSENT_SQL);
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
      while (performance.now() - started < timeoutMs) {
        if ((await unsent()) === 0) return performance.now() - started;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      return null;
    },
    close,
  };
}
