// Attack suite: the same checkout sent again as cash on delivery. An unpaid online order may become COD when its
// customer closes the payment dialog and switches (place-steps.ts, repeatOf); that must never reach past the orders
// it is meant for, nor skip what a COD order placed directly goes through.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_PLACED_MAIL_KIND } from '../../src/server/ordering/order-placed-mail';
import { getSettings, saveSettings } from '../../src/server/settings/settings-repository';
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

  it('an online order switched to COD waits for confirmation, with the link mailed and the WhatsApp question, when the shop asks', async () => {
    const { db } = shop.app.ctx;
    const settings = await getSettings(db);
    await saveSettings(db, { ...settings, codConfirmation: true, codConfirmHours: 6 });
    try {
      const body = orderBody({ whatsappOptIn: true });
      const online = await createOrder(shop, customer, body);
      expect(online.statusCode, online.body).toBe(200);
      const orderid = online.json<{ orderid: string }>().orderid;
      const switched = await codOrder(shop, customer, { ...body, paymentmode: 'CASHONDELIVERY' });
      expect(switched.statusCode, switched.body).toBe(200);
      // As a COD order placed directly: it waits for the customer's answer, and is cancelled without one.
      expect(switched.json()).toMatchObject({ orderid, paymentmode: 'CASHONDELIVERY', confirmation: 'PENDING' });
      const hours = (Date.parse(String((await row(orderid)).confirm_by)) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(5.9);
      expect(hours).toBeLessThanOrEqual(6);
      const mails = await db.selectFrom('mail_outbox').select('text_body').where('kind', '=', ORDER_PLACED_MAIL_KIND).where('text_body', 'like', `%/confirm/${orderid}?t=%`).execute();
      expect(mails.length).toBeGreaterThanOrEqual(1);
      const messages = await db.selectFrom('message_outbox').select('kind').where('order_id', '=', (await row(orderid)).id).execute();
      expect(messages.map((m) => m.kind)).toContain('COD_CONFIRMATION');
    } finally {
      await saveSettings(db, settings);
    }
  });
});
