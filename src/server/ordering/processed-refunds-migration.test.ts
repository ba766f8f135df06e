import { expect, it } from 'vitest';
import type { Executor } from '../db/database';
import { migrationCustomer, withMigrationDb } from '../../../tests/support/migration-db';
import { insertOrder } from '../../../tests/support/test-orders';
import { describeEachDatabase } from '../../../tests/support/test-shop';

const NOW = new Date().toISOString();

async function refund(db: Executor, orderRowId: number, id: string, amount: number, status: string, strayPayment = 0) {
  await db
    .insertInto('refunds')
    .values({ id, order_id: orderRowId, payment_id: 'pay_Before0035', gateway_refund_id: null, amount, reason: 'dented', status, error: null, actor_user_id: null, created_at: NOW, updated_at: NOW, stray_payment: strayPayment })
    .execute();
}

describeEachDatabase('migration 0035-processed-refunds', (dialect) => {
  it("gives orders refunded before it what their processed refunds add up to, never a failed, pending or stray one", async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0034-stray-payment-refunds');
      const db = handle.db;
      const userId = await migrationCustomer(db, 'refunded@example.in');
      // Rs. 1000 processed and Rs. 500 on its way; a failed refund and a stray payment's processed one beside them.
      const mixed = await insertOrder(db, { userId, paymentmode: 'ONLINE', total: 3037, refunded: 1500 });
      await refund(db, mixed.id, 'refund_Processed1', 1000, 'PROCESSED');
      await refund(db, mixed.id, 'refund_Pending001', 500, 'PENDING');
      await refund(db, mixed.id, 'refund_Failed0001', 700, 'FAILED');
      await refund(db, mixed.id, 'refund_Stray00001', 3037, 'PROCESSED', 1);
      const whole = await insertOrder(db, { userId, paymentmode: 'ONLINE', total: 550, refunded: 550 });
      await refund(db, whole.id, 'refund_Processed2', 550, 'PROCESSED');
      const untouched = await insertOrder(db, { userId, paymentmode: 'ONLINE', total: 550 });

      await migrateToLatest();

      const rows = await db.selectFrom('orders').select(['id', 'refunded_amount', 'refund_processed_amount']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: mixed.id, refunded_amount: 1500, refund_processed_amount: 1000 },
        { id: whole.id, refunded_amount: 550, refund_processed_amount: 550 },
        { id: untouched.id, refunded_amount: 0, refund_processed_amount: 0 },
      ]);
    });
  });
});
