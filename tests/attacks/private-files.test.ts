// Attack suite: invoice and credit-note PDFs (a customer's name, address, GSTIN and what they bought) went out
// `Cache-Control: private, no-cache`, which lets a shared computer's browser keep them on disk. Every private file is
// now `no-store`, for its customer and for an admin alike.
import { expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { codOrder, orderBody } from '../support/test-orders';
import { issueCreditNote } from '../../src/server/invoicing/invoice-service';
import { describeEachDatabase, useTestShop } from '../support/test-shop';

describeEachDatabase('attack: private files kept by a browser cache', (dialect) => {
  const set = useTestShop(dialect);

  it('an invoice and a credit note PDF are no-store for the customer and the admin', async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderid = placed.json<{ orderid: string }>().orderid;
    const ready = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    expect(ready.statusCode).toBe(200);
    const note = await issueCreditNote(set.shop.app.ctx.db, { orderid }, 1019, 'One bottle arrived broken');
    for (const url of [`/api/order/${orderid}/invoice.pdf`, `/api/order/${orderid}/credit-notes/${encodeURIComponent(note.number)}.pdf`]) {
      for (const who of [set.customer, set.admin]) {
        const res = await set.shop.app.inject({ url, headers: who.auth });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });
});
