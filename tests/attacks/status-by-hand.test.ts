// Attack suite: RETURNED set by hand. The status call took any status but CANCELLED, so an admin call (or a
// script, or a stolen admin token) could mark a parcel "Returned to us" that never came back: no bottles back on
// the shelf, the invoice left uncredited, a "returned" mail to the customer, and the order then stuck in RETURNED.
// Only the courier's return scan makes an order RETURNED (src/domain/order-status.ts).
import { beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { orderBody, placedCodOrderId } from '../support/test-orders';
import { describeEachDatabase, useTestShop } from '../support/test-shop';

describeEachDatabase('attack: RETURNED set by hand', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'fatal' } });

  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const setStatus = (orderid: string, status: string) =>
    set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status } });
  const statusOf = async (orderid: string) =>
    (await set.shop.app.ctx.db.selectFrom('orders').select('status').where('orderid', '=', orderid).executeTakeFirstOrThrow()).status;
  const stockOf = async (productName: string, size: number) => {
    const rows = (await set.shop.app.inject({ url: '/api/stock', headers: set.admin.auth })).json<{ name: string; size: number; stock: number | null }[]>();
    return rows.find((r) => r.name === productName && r.size === size)?.stock;
  };

  it('a status change to RETURNED is a 409 that changes nothing, in any status', async () => {
    const product = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', 'Buffalo Ghee').executeTakeFirstOrThrow()).id;
    expect((await set.shop.app.inject({ method: 'PUT', url: `/api/stock/${product}/1000`, headers: set.admin.auth, payload: { stock: 20 } })).statusCode).toBe(200);
    const orderid = await placedCodOrderId(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const shelf = await stockOf('Buffalo Ghee', 1000);
    expect(shelf).toBe(19);
    for (const before of ['PREPARATION', 'READY', 'OUTFORDELIVERY', 'DELIVERED'] as const) {
      expect((await setStatus(orderid, before)).statusCode).toBe(200);
      const mailsBefore = await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const res = await setStatus(orderid, 'RETURNED');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/courier/);
      expect(await statusOf(orderid)).toBe(before);
      const mailsAfter = await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(mailsAfter.n)).toBe(Number(mailsBefore.n));
    }
    expect(await stockOf('Buffalo Ghee', 1000)).toBe(shelf);
    // The order is still delivered and invoiced, so it can be refunded from here as usual, never left half returned.
    expect((await setStatus(orderid, 'READY')).statusCode).toBe(200);
  });
});
