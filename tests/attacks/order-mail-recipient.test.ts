// Attack suite: the order body's e-mail used to decide where the order mail went, so anyone with an account could
// make the shop mail any address (spam from the shop's domain, with text of their choosing in name and address).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codOrder, createOrder, orderBody, sandboxPay } from '../support/test-orders';
import { sandboxWebhooksSettled } from '../../src/server/payments/sandbox/sandbox-routes';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

const VICTIM = 'victim@elsewhere.example';

describeEachDatabase('attack: order mail sent to an address the body names', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    admin = await adminOf(shop);
    customer = await createTestUser(shop);
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { emailsetting: true, customeremail: true, intialsubject: 'Thanks', intialbody: 'Thank you' },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => shop.close());

  const recipientsSince = async (id: number) =>
    (await shop.app.ctx.db.selectFrom('mail_outbox').select(['id', 'kind', 'to_address']).where('id', '>', id).orderBy('id').execute());
  const lastMailId = async () =>
    Number((await shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

  it('a cash-on-delivery order naming another e-mail mails the account (and the shop), never that address', async () => {
    const before = await lastMailId();
    const res = await codOrder(shop, customer, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: VICTIM }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ emailaddress: string }>().emailaddress).toBe(customer.email);
    const mails = await recipientsSince(before);
    expect(mails.map((m) => m.to_address)).toContain(customer.email);
    expect(mails.map((m) => m.to_address)).not.toContain(VICTIM);
  });

  it('a paid online order and its later status mail go to the account too', async () => {
    const before = await lastMailId();
    const created = (await createOrder(shop, customer, orderBody({ emailaddress: VICTIM }))).json<{ orderid: string; emailaddress: string }>();
    expect(created.emailaddress).toBe(customer.email);
    expect((await sandboxPay(shop, created.orderid)).statusCode).toBe(200);
    await sandboxWebhooksSettled(shop.app.ctx);
    const placed = await recipientsSince(before);
    expect(placed.filter((m) => m.kind === 'order-placed').map((m) => m.to_address)).toContain(customer.email);
    expect(placed.map((m) => m.to_address)).not.toContain(VICTIM);

    const beforeStatus = await lastMailId();
    const changed = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid: created.orderid, status: 'READY' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const status = await recipientsSince(beforeStatus);
    expect(status.filter((m) => m.kind === 'status-mail').map((m) => m.to_address)).toEqual([customer.email]);
  });
});
