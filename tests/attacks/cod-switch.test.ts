// Attack suite: the same checkout sent again as cash on delivery. An unpaid online order may become COD when its
// customer closes the payment dialog and switches (place-steps.ts, repeatOf); that must never reach past the orders
// it is meant for, nor skip what a COD order placed directly goes through.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_PLACED_MAIL_KIND } from '../../src/server/ordering/order-placed-mail';
import { codOrder, createOrder, orderBody } from '../support/test-orders';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

describeEachDatabase('attack: switching a checkout to cash on delivery', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'fatal' } });
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  const row = (orderid: string) => shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
  const placedMails = async () =>
    Number(
      (
        await shop.app.ctx.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', ORDER_PLACED_MAIL_KIND)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a cancelled online order is not turned into a COD order by sending its receipt again', async () => {
    const body = orderBody();
    const online = await createOrder(shop, customer, body);
    expect(online.statusCode, online.body).toBe(200);
    const orderid = online.json<{ orderid: string }>().orderid;
    const cancelled = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: customer.auth, payload: { reason: 'Ordered by mistake' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await row(orderid);
    const mails = await placedMails();

    const again = await codOrder(shop, customer, { ...body, paymentmode: 'CASHONDELIVERY' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/cancelled/);
    const after = await row(orderid);
    expect(after).toMatchObject({ status: 'CANCELLED', paymentmode: 'ONLINE', payment_status: before.payment_status, total_amount: before.total_amount, cod_fee: before.cod_fee });
    // No "thank you for your order" for an order that is cancelled.
    expect(await placedMails()).toBe(mails);
  });
});
