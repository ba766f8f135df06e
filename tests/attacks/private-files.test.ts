// Attack suite: invoice and credit-note PDFs (a customer's name, address, GSTIN and what they bought) went out
// `Cache-Control: private, no-cache`, which lets a shared computer's browser keep them on disk. Every private file is
// now `no-store`, for its customer and for an admin alike.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { codOrder, orderBody } from '../support/test-orders';
import { issueCreditNote } from '../../src/server/invoicing/invoice-service';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

describeEachDatabase('attack: private files kept by a browser cache', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
    customer = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  it('an invoice and a credit note PDF are no-store for the customer and the admin', async () => {
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const placed = await codOrder(shop, customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderid = placed.json<{ orderid: string }>().orderid;
    const ready = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status: 'READY' } });
    expect(ready.statusCode).toBe(200);
    const note = await issueCreditNote(shop.app.ctx.db, { orderid }, 1019, 'One bottle arrived broken');
    for (const url of [`/api/order/${orderid}/invoice.pdf`, `/api/order/${orderid}/credit-notes/${encodeURIComponent(note.number)}.pdf`]) {
      for (const who of [customer, admin]) {
        const res = await shop.app.inject({ url, headers: who.auth });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });
});
