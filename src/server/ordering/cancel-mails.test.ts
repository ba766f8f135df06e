import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { codOrder, createOrder, mailsAboutOrder, placePaidOnlineOrder } from '../../../tests/support/test-orders';

// The cancellation mail speaks of the order's own payment mode, and the shop's copy says who cancelled and why.
describeEachDatabase('cancellation mails', (dialect) => {
  const set = useTestShop(dialect);
  beforeAll(async () => {
    const settings = (await set.shop.app.inject({ url: '/api/settings', headers: set.admin.auth })).json();
    const saved = await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...settings, emailsetting: true, customeremail: true } });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  async function cancelledMails(orderid: string) {
    const res = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.customer.auth, payload: { reason: 'Ordered by mistake' } });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await mailsAboutOrder(set.shop, orderid)).filter((m) => /cancelled/i.test(m.subject));
    return { toCustomer: mails.find((m) => m.to === set.customer.email), toShop: mails.find((m) => m.to !== set.customer.email) };
  }

  it('a cash-on-delivery order: nothing to pay or refund; the shop copy carries the reason', async () => {
    const { toCustomer, toShop } = await cancelledMails((await codOrder(set.shop, set.customer)).json().orderid as string);
    expect(toCustomer?.text).toMatch(/cash on delivery, so there is nothing to pay and nothing to refund/);
    expect(toCustomer?.text).not.toMatch(/paid online/);
    expect(toCustomer?.text).not.toMatch(/Reason:/);
    expect(toShop?.text).toMatch(/Cancelled by the customer\. Reason: Ordered by mistake/);
  });

  it('an unpaid online order: no payment was taken', async () => {
    const { toCustomer } = await cancelledMails((await createOrder(set.shop, set.customer)).json().orderid as string);
    expect(toCustomer?.text).toMatch(/No payment was taken/);
  });

  it('a paid online order: the refund is on its way, not done, when the mail is written', async () => {
    const { toCustomer } = await cancelledMails(await placePaidOnlineOrder(set.shop, set.customer));
    expect(toCustomer?.text).toMatch(/The full Rs\. 3,037 you paid online is on its way back to your card or account; banks take 5-7 working days to show it\./);
    expect(toCustomer?.text).not.toMatch(/is refunded/);
  });

  it('the seeded cancellation template itself says the money is on its way back, not that it is refunded', async () => {
    const templates = (await set.shop.app.inject({ url: '/api/email', headers: set.admin.auth })).json() as { status: string; isdefault: boolean; body: string }[];
    const cancelled = templates.find((t) => t.status === 'CANCELLED' && t.isdefault);
    expect(cancelled?.body).toContain('If you paid online, the full {{totalAmount}} is on its way back to your card or account');
    expect(cancelled?.body).not.toMatch(/is refunded/);
  });

  it('an owner’s own cancellation template that kept the old sentence still gets the order’s own payment words', async () => {
    const OLD = 'If you paid online, the full {{totalAmount}} is refunded to your card or account; banks take 5-7 working days to show it.';
    const templates = (await set.shop.app.inject({ url: '/api/email', headers: set.admin.auth })).json() as { id: number; title: string; subject: string; status: string; isdefault: boolean; body: string }[];
    const seeded = templates.find((t) => t.status === 'CANCELLED' && t.isdefault);
    if (!seeded) throw new Error('no default cancellation template');
    const put = (body: string) => set.shop.app.inject({ method: 'PUT', url: '/api/email', headers: set.admin.auth, payload: { ...seeded, body } });
    expect((await put(`Dear {{customerName}}, we are sorry: order {{orderNumber}} is off.\n\n${OLD}\n\nLakshmi`)).statusCode).toBe(200);
    try {
      const { toCustomer } = await cancelledMails((await codOrder(set.shop, set.customer)).json().orderid as string);
      expect(toCustomer?.text).toMatch(/we are sorry: order GS-\d+ is off\./);
      expect(toCustomer?.text).toMatch(/cash on delivery, so there is nothing to pay and nothing to refund/);
      expect(toCustomer?.text).not.toMatch(/paid online|is refunded/);
    } finally {
      expect((await put(seeded.body)).statusCode).toBe(200);
    }
  });
});
