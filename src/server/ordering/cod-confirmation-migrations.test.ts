import { expect, it } from 'vitest';
import { migrationCustomer, withMigrationDb } from '../../../tests/support/migration-db';
import { insertOrder } from '../../../tests/support/test-orders';
import { describeEachDatabase } from '../../../tests/support/test-shop';

const NOW = '2026-11-20T10:00:00.000Z';

describeEachDatabase('migration 0040-confirmed-by-shop', (dialect) => {
  it('keeps a confirmation the customer gave as theirs and marks every other one the shop’s', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0039-delivered-at');
      const db = handle.db;
      const userId = await migrationCustomer(db, 'confirmed@example.in');
      const confirmedOrder = async (by: 'link' | 'whatsapp' | 'admin' | null) => {
        const order = await insertOrder(db, { userId, status: 'PREPARATION' });
        await db.updateTable('orders').set({ confirmation: 'CONFIRMED', confirmation_result: 'CONFIRMED' }).where('id', '=', order.id).execute();
        // The audit names the order as the answer's route did, with the display prefix.
        const target = order.orderid.startsWith('order_') ? order.orderid : `order_${order.orderid}`;
        if (by) await db.insertInto('audit_log').values({ actor_user_id: null, action: 'order.cod-confirm', target, details: JSON.stringify({ answer: 'CONFIRM', by }), created_at: NOW }).execute();
        return order.id;
      };
      const byLink = await confirmedOrder('link');
      const byWhatsapp = await confirmedOrder('whatsapp');
      const byOwner = await confirmedOrder('admin');
      const byShipping = await confirmedOrder(null);
      const cancelled = await insertOrder(db, { userId, status: 'CANCELLED' });
      await db.updateTable('orders').set({ confirmation_result: 'CANCELLED', cancelled_by: 'ADMIN' }).where('id', '=', cancelled.id).execute();
      // A customer who cancelled first and an owner who confirmed: the customer's cancel answer does not count as a confirm.
      const cancelThenOwner = await confirmedOrder('admin');
      const audited = await db.selectFrom('orders').select('orderid').where('id', '=', cancelThenOwner).executeTakeFirstOrThrow();
      await db.insertInto('audit_log').values({ actor_user_id: null, action: 'order.cod-confirm', target: audited.orderid, details: JSON.stringify({ answer: 'CANCEL', by: 'link' }), created_at: NOW }).execute();

      await migrateToLatest();

      const rows = await db.selectFrom('orders').select(['id', 'confirmation_result']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: byLink, confirmation_result: 'CONFIRMED' },
        { id: byWhatsapp, confirmation_result: 'CONFIRMED' },
        { id: byOwner, confirmation_result: 'CONFIRMED_BY_SHOP' },
        { id: byShipping, confirmation_result: 'CONFIRMED_BY_SHOP' },
        { id: cancelled.id, confirmation_result: 'CANCELLED' },
        { id: cancelThenOwner, confirmation_result: 'CONFIRMED_BY_SHOP' },
      ]);
    });
  });
});

describeEachDatabase('migration 0041-cancelled-stops-waiting', (dialect) => {
  it('ends the question of COD orders cancelled while they waited, and leaves live waiting orders alone', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0040-confirmed-by-shop');
      const db = handle.db;
      const userId = await migrationCustomer(db, 'waiting@example.in');
      const waitingOrder = async (status: 'PREPARATION' | 'CANCELLED', cancelledBy: string | null) => {
        const order = await insertOrder(db, { userId, status });
        await db.updateTable('orders').set({ confirmation: 'PENDING', confirm_by: NOW, cancelled_by: cancelledBy }).where('id', '=', order.id).execute();
        return order.id;
      };
      const byCustomer = await waitingOrder('CANCELLED', 'CUSTOMER');
      const byOwner = await waitingOrder('CANCELLED', 'ADMIN');
      const stillWaiting = await waitingOrder('PREPARATION', null);

      await migrateToLatest();

      const rows = await db.selectFrom('orders').select(['id', 'confirmation', 'confirmation_result', 'cancelled_by']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: byCustomer, confirmation: null, confirmation_result: 'CANCELLED', cancelled_by: 'CUSTOMER' },
        { id: byOwner, confirmation: null, confirmation_result: 'CANCELLED', cancelled_by: 'ADMIN' },
        { id: stillWaiting, confirmation: 'PENDING', confirmation_result: null, cancelled_by: null },
      ]);
    });
  });
});
