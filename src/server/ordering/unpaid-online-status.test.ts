import { beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { codOrder, createOrder, orderRow, placePaidOnlineOrder, settledMailbox } from '../../../tests/support/test-orders';

// An online order whose payment has not arrived cannot be set READY or later (the customer would be mailed "packed
// and ready" and a tax invoice issued with no money received); the admin is told why. Paid, it moves as before.
describeEachDatabase('an unpaid online order stays in preparation', (dialect) => {
  const set = useTestShop(dialect);
  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const setStatus = (orderid: string, status: string) =>
    set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status } });
  const statusMails = async () => Number((await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'status-mail').executeTakeFirstOrThrow()).n);

  it('READY, OUT FOR DELIVERY and DELIVERED are refused with 409 and a message; no invoice, no mail', async () => {
    const { orderid } = (await createOrder(set.shop, set.customer)).json() as { orderid: string };
    const mails = await statusMails();
    for (const status of ['READY', 'OUTFORDELIVERY', 'DELIVERED']) {
      const res = await setStatus(orderid, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ error: 'ORDER_NOT_PAID', message: expect.stringMatching(/payment has not arrived/) });
    }
    expect(await orderRow(set.shop, orderid)).toMatchObject({ status: 'PREPARATION', invoice_number: null });
    expect(await statusMails()).toBe(mails);
    // Setting it to preparation again (to resend the mail) is still allowed.
    expect((await setStatus(orderid, 'PREPARATION')).statusCode).toBe(200);
  });

  it('a search for an unpaid online order finds it in the unpaid list the "All orders" search points to, and by number', async () => {
    const { orderid } = (await createOrder(set.shop, set.customer)).json() as { orderid: string };
    const short = orderid.slice('order_'.length);
    const all = await set.shop.app.inject({ url: `/api/order/admin?q=${short}`, headers: set.admin.auth });
    expect(all.json()).toEqual([]);
    const unpaid = await set.shop.app.inject({ url: `/api/order/admin?payment=pending&q=${short}`, headers: set.admin.auth });
    expect(unpaid.json()).toMatchObject([{ orderid, paymentstatus: 'PENDING' }]);
    // The number a customer reads out finds it on "All orders" too.
    const number = (await set.shop.app.inject({ url: `/api/order/admin?q=GS-${1000 + (await orderRow(set.shop, orderid)).id}`, headers: set.admin.auth })).json();
    expect(number).toMatchObject([{ orderid, paymentstatus: 'PENDING' }]);
  });

  it('once paid it moves on and is invoiced; a COD order moves without payment', async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer);
    await settledMailbox(set.shop);
    expect((await setStatus(orderid, 'READY')).statusCode).toBe(200);
    expect((await orderRow(set.shop, orderid)).invoice_number).not.toBeNull();

    const cod = (await codOrder(set.shop, set.customer)).json().orderid as string;
    expect((await setStatus(cod, 'READY')).statusCode).toBe(200);
    expect((await orderRow(set.shop, cod)).invoice_number).not.toBeNull();
  });
});
