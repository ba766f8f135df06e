// A flash sale's worth of mail waiting in the outbox: the worker must work through it without ever holding the shop
// up, while customers keep ordering.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '../../domain/schemas/order';
import { codOrder, orderBody } from '../../../tests/support/test-orders';
import { orderPlacedMails } from '../ordering/order-placed-mail';
import { getSettings } from '../settings/settings-repository';
import { startLoopBlockProbe } from '../../../tests/support/loop-block-probe';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { enqueueMails } from './outbox';
import { createMailTransport, type MailMessage, type MailTransport } from './transport';

const BACKLOG = 20_000;
const CUSTOMERS = 40;
const LONGEST_BLOCK_MS = 50;

describeEachDatabase('outbox behind a backlog of 20,000 mails', (dialect) => {
  let shop: TestShop;
  let mailDir: string;
  const sends: MailMessage[] = [];
  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-backlog-'));
    // The real file transport, watched: what it was asked to send, in order.
    const files = createMailTransport({ dataDir: mailDir, filesMax: 100_000 });
    const recorded: MailTransport = {
      kind: files.kind,
      lanes: files.lanes,
      async send(message) {
        sends.push(message);
        await files.send(message);
      },
      close: () => files.close(),
    };
    shop = await createTestShop(dialect, { mailTransport: recorded });
  });
  // Dropping a schema and a folder of 20,000 files takes a while on a busy machine; that is not what is tested here.
  afterAll(async () => {
    await shop.close();
    rmSync(mailDir, { recursive: true, force: true });
  }, 240_000);

  it('delivers every mail once, in order per recipient, never holding the event loop 50 ms, while orders keep coming', async () => {
    const db = shop.app.ctx.db;
    const settings = { ...(await getSettings(db)), customeremail: true, emailsetting: true };
    const sample = orderBody({ paymentmode: 'CASHONDELIVERY' });
    // Order-placed mails as checkout writes them: to one of 40 customers and a copy to the shop, each order its own text.
    for (let first = 0; first < BACKLOG / 2; first += 1000) {
      const mails = Array.from({ length: 1000 }, (_, k) => {
        const i = first + k;
        const order: Order = {
          ...sample,
          items: sample.items.map((line) => ({ ...line, itemQty: line.itemQty ?? 1 })),
          id: i + 1,
          username: `Customer ${i % CUSTOMERS}`,
          emailaddress: `customer${i % CUSTOMERS}@example.in`,
          orderid: `order_BACKLOG${String(i).padStart(7, '0')}`,
          paymentid: '',
          status: 'PREPARATION',
          paymentmode: 'CASHONDELIVERY',
          paymentstatus: 'COD',
          createdAt: sample.createdAt ?? new Date().toISOString(),
          note: '',
          subtotal: sample.totalAmount,
          deliveryFee: 0,
          codFee: 0,
          discount: 0,
          couponCode: null,
        };
        return orderPlacedMails(settings, order, shop.config.SHOP_EMAIL, { publicUrl: shop.config.PUBLIC_URL, secret: shop.config.JWT_SECRET });
      }).flat();
      await db.transaction().execute((trx) => enqueueMails(trx, mails));
    }

    const customer = await createTestUser(shop, { email: 'late-buyer@example.in' });
    const probe = startLoopBlockProbe();
    let draining = true;
    const sending = shop.app.ctx.outbox.drain().finally(() => {
      draining = false;
    });
    let orders = 0;
    while (draining) {
      const res = await codOrder(shop, customer, orderBody({ paymentmode: 'CASHONDELIVERY', emailaddress: customer.email }));
      expect(res.statusCode).toBe(200);
      orders += 1;
    }
    await sending;
    await shop.app.ctx.outbox.drain();
    const loop = probe.stop();

    const rows = await db.selectFrom('mail_outbox').select(['id', 'to_address', 'status']).orderBy('id').execute();
    expect(orders).toBeGreaterThan(0);
    expect(rows).toHaveLength(BACKLOG + 2 * orders);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    // Each once: the sends are exactly the rows.
    expect(sends.map((m) => m.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    expect(readdirSync(path.join(mailDir, 'mail')).filter((f) => f.endsWith('.eml'))).toHaveLength(rows.length);
    // Each recipient got its mails in the order they were queued.
    const byRecipient = new Map<string, number[]>();
    for (const m of sends) byRecipient.set(m.to, [...(byRecipient.get(m.to) ?? []), m.id]);
    expect(byRecipient.size).toBe(CUSTOMERS + 2);
    for (const [to, ids] of byRecipient) expect({ to, ids }).toEqual({ to, ids: [...ids].sort((a, b) => a - b) });
    expect(loop.samples).toBeGreaterThan(10);
    expect(loop.longestBlockMs, JSON.stringify(loop)).toBeLessThan(LONGEST_BLOCK_MS);
  }, 240_000);
});
