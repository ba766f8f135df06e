import { Migrator, sql, type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database';
import { initialMigration } from './migrations/0001-initial';
import { passwordChangedAtMigration } from './migrations/0003-password-changed-at';
import { templateStatusDefaultUniqueMigration } from './migrations/0006-template-status-default-unique';
import { orderNamesMigration } from './migrations/0009-order-names';
import { orderSearchMigration } from './migrations/0009-order-search';
import { ordersVersionMigration } from './migrations/0009-orders-version';
import { pagingByMonthMigration } from './migrations/0009-paging-by-month';
import { outboxUnsentIndexMigration } from './migrations/0010-outbox-unsent-index';
import { productSlugsMigration } from './migrations/0011-product-slugs';
import { sessionsMigration } from './migrations/0012-sessions';
import { emailChangesMigration } from './migrations/0013-email-changes';
import { businessDetailsMigration } from './migrations/0014-business-details';
import { productTaxAndLabelMigration } from './migrations/0015-product-tax-and-label';
import { invoicesMigration } from './migrations/0016-invoices';
import { policiesMigration } from './migrations/0017-policies';
import { stockMigration } from './migrations/0018-stock';
import { cancellationMigration } from './migrations/0019-cancellation';
import { refundsMigration } from './migrations/0020-refunds';
import { deliverySettingsMigration } from './migrations/0021-delivery-settings';
import { orderChargesMigration } from './migrations/0022-order-charges';
import { couponsMigration } from './migrations/0023-coupons';
import { sizePicturesMigration } from './migrations/0024-size-pictures';
import { mailAttachmentsMigration } from './migrations/0025-mail-attachments';
import { attemptCountersMigration } from './migrations/0026-attempt-counters';
import { exactDocumentsMigration } from './migrations/0027-exact-documents';
import { shopProfileMigration } from './migrations/0029-shop-profile';
import { reviewsMigration } from './migrations/0028-reviews';
import { shipmentsMigration } from './migrations/0030-shipments';
import { messagesMigration } from './migrations/0031-messages';
import { voidedCreditNotesMigration } from './migrations/0032-voided-credit-notes-and-gst-slabs';
import { orderNumbersMigration } from './migrations/0033-order-numbers';
import { strayPaymentRefundsMigration } from './migrations/0034-stray-payment-refunds';
import { processedRefundsMigration } from './migrations/0035-processed-refunds';
import { cancelMailOnItsWayMigration } from './migrations/0036-cancel-mail-on-its-way';
import { refundsSettledOutsideMigration } from './migrations/0037-refunds-settled-outside';
import { refundAttemptsMigration } from './migrations/0038-refund-attempts';
import { deliveredAtMigration } from './migrations/0039-delivered-at';
import { confirmedByShopMigration } from './migrations/0040-confirmed-by-shop';
import { cancelledStopsWaitingMigration } from './migrations/0041-cancelled-stops-waiting';
import { returnedMailRefundMigration } from './migrations/0042-returned-mail-refund';

/** Migrations are listed in code (not read from disk) so the bundled server carries them. */
export function migrations(handle: DatabaseHandle): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(handle.dialect),
    '0006-template-status-default-unique': templateStatusDefaultUniqueMigration(),
    '0009-order-search': orderSearchMigration(handle.dialect),
    '0009-orders-version': ordersVersionMigration(handle.dialect),
    '0009-order-names': orderNamesMigration(handle.dialect),
    // Kysely runs pending migrations in name order: this one rebuilds the order_counts of 0009-order-search.
    '0009-paging-by-month': pagingByMonthMigration(handle.dialect),
    '0003-password-changed-at': passwordChangedAtMigration(),
    '0010-outbox-unsent-index': outboxUnsentIndexMigration(),
    '0011-product-slugs': productSlugsMigration(),
    '0012-sessions': sessionsMigration(),
    '0013-email-changes': emailChangesMigration(),
    '0014-business-details': businessDetailsMigration(),
    '0015-product-tax-and-label': productTaxAndLabelMigration(),
    '0016-invoices': invoicesMigration(),
    '0017-policies': policiesMigration(),
    '0018-stock': stockMigration(),
    '0019-cancellation': cancellationMigration(),
    '0020-refunds': refundsMigration(),
    '0021-delivery-settings': deliverySettingsMigration(),
    '0022-order-charges': orderChargesMigration(),
    '0023-coupons': couponsMigration(),
    '0024-size-pictures': sizePicturesMigration(),
    '0025-mail-attachments': mailAttachmentsMigration(),
    '0026-attempt-counters': attemptCountersMigration(),
    '0027-exact-documents': exactDocumentsMigration(handle.dialect),
    '0029-shop-profile': shopProfileMigration(),
    '0028-reviews': reviewsMigration(handle.dialect),
    '0030-shipments': shipmentsMigration(handle.dialect),
    '0031-messages': messagesMigration(handle.dialect),
    '0032-voided-credit-notes-and-gst-slabs': voidedCreditNotesMigration(handle.dialect),
    '0033-order-numbers': orderNumbersMigration(),
    '0034-stray-payment-refunds': strayPaymentRefundsMigration(),
    '0035-processed-refunds': processedRefundsMigration(),
    '0036-cancel-mail-on-its-way': cancelMailOnItsWayMigration(),
    '0037-refunds-settled-outside': refundsSettledOutsideMigration(),
    '0038-refund-attempts': refundAttemptsMigration(),
    '0039-delivered-at': deliveredAtMigration(),
    '0040-confirmed-by-shop': confirmedByShopMigration(),
    '0041-cancelled-stops-waiting': cancelledStopsWaitingMigration(),
    '0042-returned-mail-refund': returnedMailRefundMigration(),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle) };
  // Kysely looks for its bookkeeping tables in every schema unless told which one; on a PostgreSQL server shared
  // by several schemas (parallel test suites) it would find another schema's tables and skip creating its own.
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: schema ? withOwnSchemaIntrospection(handle.db, schema) : handle.db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Kysely's migrator asks its introspector for the tables of every schema on the server, and PostgreSQL fails that
 * read ("schema … does not exist") when another tenant or parallel test suite drops its schema at that moment. The
 * migrator only needs to know whether its two bookkeeping tables exist in our schema, so it is given an introspector
 * that lists our schema's tables alone, from the catalogue, without calling a function on any other schema's name.
 */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  // Kysely keeps its state in private fields, so every other member is taken from the real instance, bound to it.
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
