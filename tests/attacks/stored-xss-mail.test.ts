// Attack suite: stored XSS delivered by mail (ASVS V1.2.1 output encoding). Customer text, product text and the
// admin's own templates reach the HTML part escaped; the pages are checked in Chromium by e2e/security-xss.spec.ts.
import { beforeAll, expect, it } from 'vitest';
import { escapeHtml } from '../../src/domain/placeholders';
import { codOrder, orderBody } from '../support/test-orders';
import { readMailbox, type ParsedMail } from '../support/mailbox';
import { describeEachDatabase, useTestShop } from '../support/test-shop';
import { XSS_PAYLOADS } from './attack-support';

/** Live markup an HTML mail must never contain (escaped text is fine). */
const LIVE_MARKUP = /<\s*(script|img|svg|iframe|object)\b|href\s*=\s*["']?\s*javascript:/i;

describeEachDatabase('attack: stored XSS in delivered mails', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });
  const [script, img, svg, js] = XSS_PAYLOADS;
  const productName = `Ghee ${svg}`.slice(0, 100);

  beforeAll(async () => {
    const product = await set.shop.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: set.admin.auth,
      payload: { name: productName, description: `${script} ${img}`, offerpercentage: 0, instock: true, ratings: 0, ratingStar: 5, price: [250], quantitysize: [250], quantity: 250 },
    });
    expect(product.statusCode, product.body).toBe(201);
  });

  const newMails = async (before: number): Promise<ParsedMail[]> => {
    await set.shop.app.ctx.outbox.drain();
    return readMailbox(set.shop.dataDir).slice(before);
  };

  function expectSafe(mails: ParsedMail[], payloads: readonly string[]) {
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.html, mail.subject).not.toMatch(LIVE_MARKUP);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    // The text was not dropped: it is there, escaped, for the reader to see.
    const html = mails.map((m) => m.html).join('\n');
    for (const payload of payloads) expect(html).toContain(escapeHtml(payload));
  }

  it('customer name, address, district and note in the order-placed mails', async () => {
    const before = readMailbox(set.shop.dataDir).length;
    const body = orderBody({
      paymentmode: 'CASHONDELIVERY',
      username: script,
      // The state is one of the list's (DESIGN.md §8.2), so its script rides in the address instead.
      address: `${img} ${js}`,
      district: svg,
      note: `${script}${img}`,
      items: [{ name: productName, quantity: 250, itemQty: 1, finalPrice: 250 }],
      totalAmount: 250,
    });
    const res = await codOrder(set.shop, set.customer, body);
    expect(res.statusCode, res.body).toBe(200);
    expectSafe(await newMails(before), [script, img, svg, js, productName]);
  });

  it("the admin's template subject and body, and the status mail filled from a hostile order", async () => {
    const templates = (await set.shop.app.inject({ method: 'GET', url: '/api/email', headers: set.admin.auth })).json() as { id: number; status: string; isdefault: boolean; title: string }[];
    const ready = templates.find((t) => t.status === 'READY' && t.isdefault);
    expect(ready).toBeTruthy();
    const updated = await set.shop.app.inject({
      method: 'PUT',
      url: '/api/email',
      headers: set.admin.auth,
      payload: { id: ready?.id, title: 'Ready', subject: `Ready ${img}\r\nBcc: victim@example.in`, body: `${script}\n{{customerName}} {{address}} {{items}}`, status: 'READY', isdefault: true },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const order = (await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', username: svg, address: js }))).json() as { orderid: string };
    const before = readMailbox(set.shop.dataDir).length;
    const res = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid: order.orderid, status: 'READY' } });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await newMails(before)).filter((m) => m.subject.startsWith('Ready'));
    expectSafe(mails, [script, svg, js]);
    // A line break typed into the subject cannot add a header (no Bcc smuggling).
    for (const mail of mails) expect(mail.to).not.toContain('victim@example.in');
  });

  it('the settings initial mail copy', async () => {
    const put = await set.shop.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: set.admin.auth,
      payload: { emailsetting: true, customeremail: true, intialsubject: `Thanks ${svg}`, intialbody: `${img}\n{{customerName}}` },
    });
    expect(put.statusCode).toBe(200);
    const before = readMailbox(set.shop.dataDir).length;
    expect((await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', username: script }))).statusCode).toBe(200);
    expectSafe(await newMails(before), [img, script]);
  });

  it('the template preview answers its HTML part escaped (the text part is plain text, shown as text)', async () => {
    const res = await set.shop.app.inject({ method: 'POST', url: '/api/email/preview', headers: set.admin.auth, payload: { subject: svg, body: `${script}\n{{customerName}}` } });
    expect(res.statusCode).toBe(200);
    const preview = res.json() as { subject: string; body: string; html: string };
    expect(preview.html).not.toMatch(LIVE_MARKUP);
    expect(preview.html).toContain(escapeHtml(script));
  });
});
