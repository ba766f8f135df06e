// Attack suite: the order body's e-mail used to decide where the order mail went, so anyone with an account could
// make the shop mail any address (spam from the shop's domain, with text of their choosing in name and address).
import { beforeAll, expect, it } from 'vitest';
import { codOrder, createOrder, orderBody, sandboxPay } from '../support/test-orders';
import { sandboxWebhooksSettled } from '../../src/server/payments/sandbox/sandbox-routes';
import { describeEachDatabase, useTestShop } from '../support/test-shop';

const VICTIM = 'victim@elsewhere.example';

describeEachDatabase('attack: order mail sent to an address the body names', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });

  beforeAll(async () => {
    const res = await set.shop.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: set.admin.auth,
      payload: { emailsetting: true, customeremail: true, intialsubject: 'Thanks', intialbody: 'Thank you' },
    });
    expect(res.statusCode).toBe(200);
  });

  const recipientsSince = async (id: number) =>
    (await set.shop.app.ctx.db.selectFrom('mail_outbox').select(['id', 'kind', 'to_address']).where('id', '>', id).orderBy('id').execute());
  const lastMailId = async () =>
    Number((await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

  it('a cash-on-delivery order naming another e-mail mails the account (and the shop), never that address', async () => {
    const before = await lastMailId();
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: VICTIM }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ emailaddress: string }>().emailaddress).toBe(set.customer.email);
    const mails = await recipientsSince(before);
    expect(mails.map((m) => m.to_address)).toContain(set.customer.email);
    expect(mails.map((m) => m.to_address)).not.toContain(VICTIM);
  });

  it('a paid online order and its later status mail go to the account too', async () => {
    const before = await lastMailId();
    const created = (await createOrder(set.shop, set.customer, orderBody({ emailaddress: VICTIM }))).json<{ orderid: string; emailaddress: string }>();
    expect(created.emailaddress).toBe(set.customer.email);
    expect((await sandboxPay(set.shop, created.orderid)).statusCode).toBe(200);
    await sandboxWebhooksSettled(set.shop.app.ctx);
    const placed = await recipientsSince(before);
    expect(placed.filter((m) => m.kind === 'order-placed').map((m) => m.to_address)).toContain(set.customer.email);
    expect(placed.map((m) => m.to_address)).not.toContain(VICTIM);

    const beforeStatus = await lastMailId();
    const changed = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: created.orderid, status: 'READY' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const status = await recipientsSince(beforeStatus);
    expect(status.filter((m) => m.kind === 'status-mail').map((m) => m.to_address)).toEqual([set.customer.email]);
  });
});
