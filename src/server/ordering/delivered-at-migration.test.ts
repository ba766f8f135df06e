import { expect, it } from 'vitest';
import { migrationCustomer, withMigrationDb } from '../../../tests/support/migration-db';
import { insertOrder } from '../../../tests/support/test-orders';
import { describeEachDatabase } from '../../../tests/support/test-shop';

const NOW = '2026-11-20T10:00:00.000Z';

describeEachDatabase('migration 0039-delivered-at', (dialect) => {
  it('marks the orders delivered before it: by status, by the courier’s scan, or set back after an admin delivered them', async () => {
    await withMigrationDb(dialect, async ({ handle, migrateTo, migrateToLatest }) => {
      await migrateTo('0038-refund-attempts');
      const db = handle.db;
      const userId = await migrationCustomer(db, 'delivered@example.in');
      const byStatus = await insertOrder(db, { userId, status: 'DELIVERED' });
      await db.updateTable('orders').set({ updated_at: '2026-11-21T09:00:00.000Z' }).where('id', '=', byStatus.id).execute();
      const byScan = await insertOrder(db, { userId, status: 'PREPARATION' });
      await db
        .insertInto('shipments')
        .values({ order_id: byScan.id, mode: 'COURIER', provider: 'sandbox', courier: 'Sandbox', awb: 'AWB0039', tracking_url: '', status: 'DELIVERED', weight_grams: 500, last_news_at: NOW, created_at: NOW, updated_at: '2026-11-22T09:00:00.000Z' })
        .execute();
      const setBack = await insertOrder(db, { userId, status: 'PREPARATION' });
      for (const [to, at] of [['READY', '2026-11-23T08:00:00.000Z'], ['DELIVERED', '2026-11-23T09:00:00.000Z'], ['PREPARATION', '2026-11-23T10:00:00.000Z']] as const) {
        await db.insertInto('audit_log').values({ actor_user_id: null, action: 'order.status', target: setBack.orderid, details: JSON.stringify({ from: 'X', to, mailsQueued: 0 }), created_at: at }).execute();
      }
      const never = await insertOrder(db, { userId, status: 'OUTFORDELIVERY' });
      await db.insertInto('audit_log').values({ actor_user_id: null, action: 'order.status', target: never.orderid, details: JSON.stringify({ from: 'READY', to: 'OUTFORDELIVERY', mailsQueued: 0 }), created_at: NOW }).execute();

      await migrateToLatest();

      const rows = await db.selectFrom('orders').select(['id', 'delivered_at']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: byStatus.id, delivered_at: '2026-11-21T09:00:00.000Z' },
        { id: byScan.id, delivered_at: '2026-11-22T09:00:00.000Z' },
        { id: setBack.id, delivered_at: '2026-11-23T09:00:00.000Z' },
        { id: never.id, delivered_at: null },
      ]);
    });
  });
});
