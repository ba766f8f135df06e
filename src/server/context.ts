import type { CatalogueSourceHandle } from './catalog/catalogue-source';
import type { Config } from './config';
import type { DatabaseHandle, DB, Dialect } from './db/database';
import type { TokenService } from './auth/tokens';
import type { OrderBatchWriter } from './ordering/index';
import type { Redis } from 'ioredis';
import type { CounterStore } from './limits/counters';
import type { DocumentSigner } from './invoicing/pdf-signing';
import type { OutboxWorker } from './mail/worker';
import type { FastPath } from './http/fast-path';

/** What every capability needs, built once per app and reachable as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: DB;
  dialect: Dialect;
  tokens: TokenService;
  outbox: OutboxWorker;
  /** Writes new orders, several to a transaction under load (group commit). */
  orderWriter: OrderBatchWriter;
  /** The product list customers see and checkout prices from (the database's, or Sanity's when configured). */
  catalogue: CatalogueSourceHandle;
  /** Signs invoice and credit note PDFs when the shop has a certificate (INVOICE_SIGNING_P12); null otherwise. */
  signer: DocumentSigner | null;
  /** Counts of limited attempts (failed logins, unknown codes, reset mails), in Redis or the database. */
  counters: CounterStore;
  /** The shared Redis when REDIS_URL is set (rate limits and attempt counters). */
  redis: Redis | undefined;
  /** False in tests: timers (mail polling, reconciliation) stay off and tests drive them by hand. */
  backgroundJobs: boolean;
  /** Fresh cached public answers sent before Fastify's hooks; routes remember here what they sent. */
  fastPath: FastPath;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
