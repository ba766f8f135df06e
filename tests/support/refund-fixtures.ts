// Orders and refunds set up for the refund tests: a paid order already delivered, and a refund written but not yet
// asked of the gateway, so the test posts the gateway's answer itself.
import { recordRefund } from '../../src/server/ordering/refund-service';
import { orderRow, placePaidOnlineOrder } from './test-orders';
import type { TestShop, TestUser } from './test-shop';

export async function deliveredPaidOrder(shop: TestShop, customer: TestUser): Promise<string> {
  const orderid = await placePaidOnlineOrder(shop, customer);
  await shop.app.ctx.db.updateTable('orders').set({ status: 'DELIVERED' }).where('orderid', '=', orderid).execute();
  return orderid;
}

/** A refund written and committed, on its way until the gateway answers; its id. */
export async function refundOnItsWay(shop: TestShop, admin: TestUser, orderid: string, amount: number): Promise<string> {
  const row = await orderRow(shop, orderid);
  return shop.app.ctx.db
    .transaction()
    .execute((trx) => recordRefund(shop.app.ctx, trx, row, { amount, reason: 'One bottle arrived dented', actorUserId: admin.id }));
}
