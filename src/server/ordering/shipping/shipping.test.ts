import { displayOrderId, orderNumber } from '../../../domain/display';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createTestShop, describeEachDatabase, useTestShop } from '../../../../tests/support/test-shop';
import { KARNATAKA_BUSINESS } from '../../business/test-business';
import { pdfText } from '../../../../tests/support/pdf-text';
import { CourierError, type Courier } from '../../shipping/courier';
import { useCourier } from '../../shipping/courier-registry';
import { createSandboxCourier, sandboxAwb } from '../../shipping/sandbox-courier';
import { setStock } from '../../stock/stock-repository';
import { codOrder, createOrder, orderBody, placePaidOnlineOrder, settledMailbox, SUCCESS_CARD } from '../../../../tests/support/test-orders';
import { sandboxWebhooksSettled } from '../../payments/sandbox/sandbox-routes';
import { SANDBOX_REFUND_SETTLE_MS } from '../../payments/sandbox/sandbox-refunds';
import { applyScan } from '../workflows/apply-scan';

const COW = 'A2 Desi Cow Ghee';

describeEachDatabase('shipping with the sandbox courier', (dialect) => {
  const set = useTestShop(dialect);
  let cowId: number;
  beforeAll(async () => {
    cowId = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', COW).executeTakeFirstOrThrow()).id;
    const filled = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS });
    expect(filled.statusCode).toBe(200);
  });

  const cod = async (itemQty = 2) => codId(itemQty);
  const codId = async (itemQty: number) => {
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', items: [{ name: COW, quantity: 500, itemQty, finalPrice: 1019 }], totalAmount: 1019 * itemQty }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().orderid as string;
  };
  const ship = (orderid: string, payload: object = { mode: 'COURIER' }) =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: set.admin.auth, payload });
  const scan = (awb: string, status: string) => set.shop.app.inject({ method: 'POST', url: `/api/shipping/sandbox/${awb}/scan`, headers: set.admin.auth, payload: { status } });
  const statusOf = async (orderid: string) => (await set.shop.app.ctx.db.selectFrom('orders').select('status').where('orderid', '=', orderid).executeTakeFirstOrThrow()).status;
  const mailsOf = async (kind: string) =>
    Number((await set.shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', kind).executeTakeFirstOrThrow()).n);
  const stockNow = async () =>
    (await set.shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', cowId).where('size_ml', '=', 500).executeTakeFirstOrThrow()).stock;

  it('books a COD order: AWB, READY, the shipped mail, the label PDF, the pickup, and Ship again is refused', async () => {
    const orderid = await cod();
    const shippedMails = await mailsOf('order-shipped');
    const res = await ship(orderid);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ orderid, status: 'READY', shipment: { mode: 'COURIER', courier: 'Sandbox Express', status: 'BOOKED', events: [] } });
    expect(order.shipment.awb).toMatch(/^SBX\d{12}$/);
    expect(order.shipment.trackingUrl).toBe(`${set.shop.config.PUBLIC_URL}/track/${orderid}`);
    expect(order.invoiceNumber).toBeTruthy();
    expect(await mailsOf('order-shipped')).toBe(shippedMails + 1);
    const mail = await set.shop.app.ctx.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('kind', '=', 'order-shipped').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(order.shipment.awb);
    expect(mail.text_body).toContain(order.shipment.trackingUrl);
    // Sent at booking, before the courier's pickup: it says booked, not handed over.
    expect(mail.text_body).toMatch(/is packed and booked with \S/);
    expect(mail.text_body).not.toContain('handed to');
    const row = await set.shop.app.ctx.db.selectFrom('shipments').selectAll().where('awb', '=', order.shipment.awb).executeTakeFirstOrThrow();
    expect(row.pickup_scheduled_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Two 500 ml bottles, each 455 g of ghee and 150 g of jar and box.
    expect(row.weight_grams).toBe(2 * 605);

    const label = await set.shop.app.inject({ url: `/api/order/${orderid}/shipment/label.pdf`, headers: set.admin.auth });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const text = pdfText(label.rawPayload);
    expect(text).toContain(order.shipment.awb);
    expect(text).toContain('560001');
    expect(text).toContain(KARNATAKA_BUSINESS.legalName);
    expect(text).toMatch(/Collect ₹2,038 in cash/);
    // The label is read by the courier and the customer: it names the shop's order number, not the gateway's id.
    expect(text).toContain(`Order ${orderNumber(order.id)}`);
    expect(text).not.toContain(displayOrderId(orderid));

    expect((await ship(orderid)).statusCode).toBe(409);
    expect((await set.shop.app.inject({ url: `/api/order/${orderid}/shipment/label.pdf`, headers: set.customer.auth })).statusCode).toBe(403);
  });

  it('scans move the order in order, once each; a late scan is listed but moves nothing back', async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    expect((await scan(awb, 'PICKED_UP')).json()).toMatchObject({ status: 'READY', shipment: { status: 'PICKED_UP' } });
    expect((await scan(awb, 'IN_TRANSIT')).json()).toMatchObject({ status: 'READY', shipment: { status: 'IN_TRANSIT' } });
    const statusMails = await mailsOf('status-mail');
    expect((await scan(awb, 'OUT_FOR_DELIVERY')).json()).toMatchObject({ status: 'OUTFORDELIVERY' });
    expect(await mailsOf('status-mail')).toBe(statusMails + 1);
    const delivered = (await scan(awb, 'DELIVERED')).json();
    expect(delivered).toMatchObject({ status: 'DELIVERED', shipment: { status: 'DELIVERED' } });
    expect(delivered.shipment.events.map((e: { status: string }) => e.status)).toEqual(['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(await mailsOf('status-mail')).toBe(statusMails + 2);
    // Out of order: an out-for-delivery scan reported after delivery is kept, and the order stays delivered.
    const late = (await scan(awb, 'OUT_FOR_DELIVERY')).json();
    expect(late).toMatchObject({ status: 'DELIVERED', shipment: { status: 'DELIVERED' } });
    expect(late.shipment.events).toHaveLength(5);
    expect(await mailsOf('status-mail')).toBe(statusMails + 2);
    expect((await scan('SBX000000000000', 'DELIVERED')).statusCode).toBe(404);
    expect((await scan(awb, 'LOST')).statusCode).toBe(400);
  });

  it('an opted-in customer gets WhatsApp messages for shipped (with the AWB), out for delivery and delivered; others none', async () => {
    const res = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', whatsappOptIn: true, items: [{ name: COW, quantity: 500, itemQty: 1, finalPrice: 1019 }], totalAmount: 1019 }));
    expect(res.statusCode, res.body).toBe(200);
    const optedIn = res.json().orderid as string;
    const quiet = await cod(1);
    const messagesOf = async (orderid: string) =>
      (await set.shop.app.ctx.db.selectFrom('message_outbox').select(['kind', 'params']).where('orderid', '=', orderid).orderBy('id').execute()).map((m) => ({ kind: m.kind, params: JSON.parse(m.params) as string[] }));
    for (const orderid of [optedIn, quiet]) {
      const awb = (await ship(orderid)).json().shipment.awb as string;
      await scan(awb, 'OUT_FOR_DELIVERY');
      await scan(awb, 'DELIVERED');
      await scan(awb, 'DELIVERED');
    }
    const sent = await messagesOf(optedIn);
    expect(sent.map((m) => m.kind)).toEqual(['PLACED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    const awb = (await set.shop.app.ctx.db.selectFrom('shipments').innerJoin('orders', 'orders.id', 'shipments.order_id').select('shipments.awb').where('orders.orderid', '=', optedIn).executeTakeFirstOrThrow()).awb;
    expect(sent[1]?.params).toContain(awb);
    expect(await messagesOf(quiet)).toEqual([]);
  });

  it('a scan that skips ahead moves the order straight there; the customer sees courier, AWB and scans', async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    expect((await scan(awb, 'DELIVERED')).json()).toMatchObject({ status: 'DELIVERED' });
    expect((await scan(awb, 'PICKED_UP')).json()).toMatchObject({ status: 'DELIVERED', shipment: { status: 'DELIVERED' } });
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; shipment: unknown }[];
    const listed = mine.find((o) => o.orderid === orderid);
    expect(listed?.shipment).toMatchObject({ courier: 'Sandbox Express', awb, status: 'DELIVERED', events: [{ status: 'DELIVERED' }, { status: 'PICKED_UP' }] });
    const waiting = await cod();
    const again = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; shipment: unknown }[];
    expect(again.find((o) => o.orderid === waiting)?.shipment).toBeNull();
  });

  it("each scan shows in the customer's order list read before it, though the order's status stays READY", async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    const listed = async () => {
      const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; status: string; shipment: { status: string; events: { status: string }[] } }[];
      return mine.find((o) => o.orderid === orderid);
    };
    expect((await listed())?.shipment).toMatchObject({ status: 'BOOKED', events: [] });
    expect((await scan(awb, 'PICKED_UP')).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ status: 'READY', shipment: { status: 'PICKED_UP', events: [{ status: 'PICKED_UP' }] } });
    expect((await scan(awb, 'IN_TRANSIT')).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ status: 'READY', shipment: { status: 'IN_TRANSIT', events: [{ status: 'PICKED_UP' }, { status: 'IN_TRANSIT' }] } });
    // A late scan moves nothing, but it is listed with the others.
    expect((await scan(awb, 'PICKED_UP')).statusCode).toBe(200);
    expect((await listed())?.shipment.events.map((e) => e.status)).toEqual(['PICKED_UP', 'IN_TRANSIT', 'PICKED_UP']);
  });

  it('returned to origin: RETURNED, the bottles back on the shelf once, the invoice credited in full, the status mail', async () => {
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    const orderid = await cod(3);
    expect(await stockNow()).toBe(7);
    const awb = (await ship(orderid)).json().shipment.awb as string;
    await scan(awb, 'PICKED_UP');
    expect((await scan(awb, 'RTO_INITIATED')).json()).toMatchObject({ status: 'READY', shipment: { status: 'RTO_INITIATED' } });
    const statusMails = await mailsOf('status-mail');
    const back = (await scan(awb, 'RTO_DELIVERED')).json();
    expect(back).toMatchObject({ status: 'RETURNED', shipment: { status: 'RTO_DELIVERED' } });
    expect(await stockNow()).toBe(10);
    expect(await mailsOf('status-mail')).toBe(statusMails + 1);
    const refunds = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json();
    expect(refunds.creditNotes).toEqual([expect.objectContaining({ amount: 3 * 1019 })]);
    const number = (refunds.creditNotes as { number: string }[])[0]?.number ?? '?';
    const returnedMail = (await settledMailbox(set.shop)).find((m) => m.to.includes(set.customer.email) && m.text.includes(`Our credit note ${number} against invoice`));
    expect(returnedMail?.attachments.map((a) => a.filename)).toEqual([`${number.replace(/\//g, '-')}.pdf`]);
    await scan(awb, 'RTO_DELIVERED');
    await scan(awb, 'DELIVERED');
    expect(await stockNow()).toBe(10);
    expect(await statusOf(orderid)).toBe('RETURNED');
    await setStock(set.shop.app.ctx.db, cowId, 500, null);
    const move = await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    expect(move.statusCode).toBe(409);
    // Paid on delivery and back with us: nothing is left to cancel, and no "cancelled" mail follows "came back".
    const mailsBefore = await mailsOf('status-mail');
    const cancel = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Returned' } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/nothing to cancel/);
    expect(await statusOf(orderid)).toBe('RETURNED');
    expect(await mailsOf('status-mail')).toBe(mailsBefore);
  });

  it('an order cancelled in transit keeps its bottles off the shelf until the courier returns the parcel', async () => {
    await setStock(set.shop.app.ctx.db, cowId, 500, 10);
    try {
      const cancel = (orderid: string) =>
        set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
      const travelling = await cod(3);
      const awb = (await ship(travelling)).json().shipment.awb as string;
      await scan(awb, 'IN_TRANSIT');
      expect((await cancel(travelling)).json()).toMatchObject({ status: 'CANCELLED', shipment: { status: 'IN_TRANSIT' } });
      expect(await stockNow()).toBe(7);
      const notesOf = async (orderid: string) => (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json().creditNotes;
      // Delivered after all, the parcel would have been supplied: its invoice is credited when it comes back.
      expect(await notesOf(travelling)).toEqual([]);
      await scan(awb, 'RTO_INITIATED');
      expect(await stockNow()).toBe(7);
      expect((await scan(awb, 'RTO_DELIVERED')).json()).toMatchObject({ status: 'CANCELLED', shipment: { status: 'RTO_DELIVERED' } });
      expect(await stockNow()).toBe(10);
      expect(await notesOf(travelling)).toEqual([expect.objectContaining({ amount: 3 * 1019 })]);
      await scan(awb, 'RTO_DELIVERED');
      expect(await stockNow()).toBe(10);

      // Booked but not picked up: the bottles are still in the shop, so they go back with the cancellation.
      const waiting = await cod(2);
      await ship(waiting);
      await cancel(waiting);
      expect(await stockNow()).toBe(10);

      // Delivered after all: the customer has the bottles, so they never come back on their own.
      const delivered = await cod(1);
      const deliveredAwb = (await ship(delivered)).json().shipment.awb as string;
      await scan(deliveredAwb, 'OUT_FOR_DELIVERY');
      await cancel(delivered);
      await scan(deliveredAwb, 'DELIVERED');
      expect(await statusOf(delivered)).toBe('CANCELLED');
      expect(await stockNow()).toBe(9);
      expect(await notesOf(delivered)).toEqual([]);
      // Booked, not picked up: cancelled at once, so its invoice is credited with the cancellation.
      expect(await notesOf(waiting)).toEqual([expect.objectContaining({ amount: 2 * 1019 })]);
    } finally {
      await setStock(set.shop.app.ctx.db, cowId, 500, null);
    }
  });

  it('a return scan racing the cancellation of its parcel still brings the bottles back and credits the invoice', async () => {
    // PostgreSQL only: SQLite runs one transaction at a time, so the two cannot interleave there.
    if (dialect !== 'postgres') return;
    const db = set.shop.app.ctx.db;
    await setStock(db, cowId, 500, 10);
    try {
      const orderid = await cod(3);
      const awb = (await ship(orderid)).json().shipment.awb as string;
      await scan(awb, 'IN_TRANSIT');
      await scan(awb, 'RTO_INITIATED');
      expect(await stockNow()).toBe(7);
      let returned: Promise<unknown> = Promise.resolve();
      // The courier's "returned to us" webhook reads the order (not yet cancelled), then waits on the shipment row while
      // the owner's cancellation commits: it saw the parcel still away, so it left the bottles and the invoice to the scan.
      await db.transaction().execute(async (blocker) => {
        await blocker.selectFrom('shipments').select('id').where('awb', '=', awb).forUpdate().execute();
        returned = applyScan(set.shop.app.ctx, { awb, status: 'RTO_DELIVERED', at: new Date().toISOString(), location: 'Bengaluru hub', key: `rto-race-${awb}` });
        for (let i = 0; i < 100; i += 1) {
          const waiting = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%shipment%'`.execute(db);
          if (Number(waiting.rows[0]?.n) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
        expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', shipment: { status: 'RTO_INITIATED' } });
      });
      await returned;
      const order = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json();
      expect(order).toMatchObject({ status: 'CANCELLED', shipment: { status: 'RTO_DELIVERED' } });
      expect(await stockNow()).toBe(10);
      expect(order.creditNotes).toEqual([expect.objectContaining({ amount: 3 * 1019 })]);
    } finally {
      await setStock(db, cowId, 500, null);
    }
  });

  it('a paid parcel cancelled on its way, its refund failed, then returned: the refund can still be retried', async () => {
    const refundsFail = { ...SUCCESS_CARD, number: '5555 5555 5555 4444' };
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ paymentmode: 'ONLINE', items: [{ name: COW, quantity: 500, itemQty: 1, finalPrice: 1019 }], totalAmount: 1019 }), refundsFail);
    const awb = (await ship(orderid)).json().shipment.awb as string;
    await scan(awb, 'IN_TRANSIT');
    const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.admin.auth, payload: { reason: 'Customer refused on the phone' } });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', refunds: [{ amount: 1019 }], creditNotes: [{ amount: 1019 }] });
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_REFUND_SETTLE_MS + 400));
    await sandboxWebhooksSettled(set.shop.app.ctx);
    const failed = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json();
    expect(failed).toMatchObject({ refunds: [{ status: 'FAILED' }], creditNotes: [{ amount: 1019, voided: true }] });
    // The parcel comes back: its invoice is credited with the return.
    await scan(awb, 'RTO_DELIVERED');
    // The customer's money never went back: the owner retries the refund, and the shop must let them.
    const retry = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${failed.refunds[0].refundId as string}/retry`, headers: set.admin.auth });
    expect(retry.statusCode, retry.body).toBe(200);
    const after = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json();
    expect(after.refunds).toMatchObject([{ status: expect.stringMatching(/PENDING|PROCESSED|FAILED/) }]);
    // The invoice is credited once in all, never beyond it.
    const credited = (after.creditNotes as { amount: number; voided?: true }[]).filter((n) => !n.voided).reduce((sum, n) => sum + n.amount, 0);
    expect(credited).toBe(1019);
  }, 30_000);

  it('a shipment booked elsewhere: courier, AWB and link typed by the owner, checked first', async () => {
    const orderid = await cod();
    const missing = await ship(orderid, { mode: 'MANUAL', courier: 'Delhivery' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/AWB/);
    expect((await ship(orderid, { mode: 'MANUAL', courier: 'Delhivery', awb: 'DL 123', trackingUrl: 'https://track.example/DL123' })).statusCode).toBe(400);
    expect((await ship(orderid, { mode: 'MANUAL', courier: 'Delhivery', awb: 'DL1234567', trackingUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    const res = await ship(orderid, { mode: 'MANUAL', courier: 'Delhi\u202every\u200b  Express', awb: 'DL1234567', trackingUrl: 'https://track.example/DL1234567' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'READY', shipment: { mode: 'MANUAL', courier: 'Delhivery Express', awb: 'DL1234567', trackingUrl: 'https://track.example/DL1234567' } });
    const label = await set.shop.app.inject({ url: `/api/order/${orderid}/shipment/label.pdf`, headers: set.admin.auth });
    const labelText = pdfText(label.rawPayload);
    expect(labelText).toContain('DL1234567');
    expect(labelText).toContain(`Order ${orderNumber(res.json().id)}`);
    expect(labelText).not.toContain(displayOrderId(orderid));
  });

  it('cancels a booked shipment before pickup (back to preparation, ships again); not after pickup', async () => {
    const orderid = await cod();
    const first = (await ship(orderid)).json().shipment.awb as string;
    const cancelled = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment/cancel`, headers: set.admin.auth });
    expect(cancelled.json()).toMatchObject({ status: 'PREPARATION', shipment: null });
    const again = (await ship(orderid)).json();
    expect(again).toMatchObject({ status: 'READY', shipment: { status: 'BOOKED' } });
    expect(again.shipment.awb).not.toBe(first);
    await scan(again.shipment.awb, 'PICKED_UP');
    expect((await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment/cancel`, headers: set.admin.auth })).statusCode).toBe(409);
  });

  it('does not ship a cancelled or unpaid order, nor for a customer', async () => {
    const unpaid = (await createOrder(set.shop, set.customer, orderBody())).json().orderid as string;
    const res = await ship(unpaid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not paid/);
    const orderid = await cod();
    await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.customer.auth, payload: { reason: 'Ordered by mistake' } });
    expect((await ship(orderid)).statusCode).toBe(409);
    expect((await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: set.customer.auth, payload: { mode: 'COURIER' } })).statusCode).toBe(403);
    expect((await ship('OD_nosuchorder')).statusCode).toBe(404);
  });

  it('/track finds an order by number or id and delivery pincode, without personal data; a wrong pair is 404', async () => {
    const orderid = await cod();
    const { id } = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json().find((o: { orderid: string }) => o.orderid === orderid) as { id: number };
    const awb = (await ship(orderid)).json().shipment.awb as string;
    await scan(awb, 'PICKED_UP');
    const res = await set.shop.app.inject({ url: `/api/public/track/${orderid}?pincode=560001` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['awb', 'courier', 'events', 'status', 'trackingUrl']);
    expect(body).toMatchObject({ status: 'READY', courier: 'Sandbox Express', awb, events: [{ status: 'PICKED_UP', location: 'Sandbox hub' }] });
    expect(JSON.stringify(body)).not.toMatch(/Asha|Temple|9876543210|example\.in/);
    expect((await set.shop.app.inject({ url: `/api/public/track/${displayOrderId(orderid)}?pincode=560001` })).statusCode).toBe(200);
    for (const number of [`GS-${1000 + id}`, `gs${1000 + id}`]) {
      expect((await set.shop.app.inject({ url: `/api/public/track/${encodeURIComponent(number)}?pincode=560001` })).json()).toMatchObject({ awb });
    }
    expect((await set.shop.app.inject({ url: `/api/public/track/GS-${1000 + id}?pincode=560002` })).statusCode).toBe(404);
    expect((await set.shop.app.inject({ url: `/api/public/track/GS-${1001 + id}?pincode=560001` })).statusCode).toBe(404);
    expect((await set.shop.app.inject({ url: `/api/public/track/${orderid}?pincode=560002` })).statusCode).toBe(404);
    expect((await set.shop.app.inject({ url: `/api/public/track/OD_nosuch?pincode=560001` })).statusCode).toBe(404);
    expect((await set.shop.app.inject({ url: `/api/public/track/${orderid}?pincode=56` })).statusCode).toBe(400);
  });

  it('ships selected orders at once, each with its own result', async () => {
    const a = await cod();
    const b = await cod();
    await ship(b);
    const res = await set.shop.app.inject({ method: 'POST', url: '/api/order/shipments', headers: set.admin.auth, payload: { orderids: [a, b, 'OD_nosuch'] } });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { orderid: string; ok: boolean; message: string }[];
    expect(results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(results[1]!.message).toMatch(/already has a shipment/);
    expect(await statusOf(a)).toBe('READY');
  });

  it('two Ship presses at once book once; the same scan twice at once is kept once; racing scans end at the furthest', async () => {
    const orderid = await cod();
    const shipped = await mailsOf('order-shipped');
    const presses = await Promise.all([ship(orderid), ship(orderid), ship(orderid)]);
    expect(presses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await mailsOf('order-shipped')).toBe(shipped + 1);
    const awb = presses.find((r) => r.statusCode === 200)!.json().shipment.awb as string;
    const at = new Date().toISOString();
    const same = { awb, status: 'OUT_FOR_DELIVERY' as const, at, location: 'Hub', key: `OUT_FOR_DELIVERY@${at}` };
    const statusMails = await mailsOf('status-mail');
    const results = await Promise.all([applyScan(set.shop.app.ctx, same), applyScan(set.shop.app.ctx, same), applyScan(set.shop.app.ctx, same)]);
    expect(results.filter((r) => r.kept)).toHaveLength(1);
    expect(await mailsOf('status-mail')).toBe(statusMails + 1);
    const later = new Date(Date.now() + 1000).toISOString();
    await Promise.all([
      applyScan(set.shop.app.ctx, { awb, status: 'DELIVERED', at: later, location: 'Door', key: `DELIVERED@${later}` }),
      applyScan(set.shop.app.ctx, { awb, status: 'IN_TRANSIT', at: later, location: 'Hub', key: `IN_TRANSIT@${later}` }),
    ]);
    expect(await statusOf(orderid)).toBe('DELIVERED');
    const shipment = await set.shop.app.ctx.db.selectFrom('shipments').select('status').where('awb', '=', awb).executeTakeFirstOrThrow();
    expect(shipment.status).toBe('DELIVERED');
  });

  it('a crash between the booking and storing its AWB is resumed by the next Ship, without a second booking', async () => {
    const sandbox = createSandboxCourier(set.shop.config.PUBLIC_URL);
    let crash = true;
    const crashing: Courier = {
      ...sandbox,
      async book(input) {
        const booking = await sandbox.book(input);
        if (crash) {
          crash = false;
          throw new Error('the process died here');
        }
        return booking;
      },
    };
    useCourier(set.shop.app.ctx, crashing);
    try {
      const orderid = await cod();
      expect((await ship(orderid)).statusCode).toBe(500);
      expect(sandbox.bookings()).toBe(1);
      // A second press at once is told the booking is under way; after a minute it resumes it.
      expect((await ship(orderid)).statusCode).toBe(409);
      const row = await set.shop.app.ctx.db.selectFrom('orders').select('id').where('orderid', '=', orderid).executeTakeFirstOrThrow();
      await set.shop.app.ctx.db.updateTable('shipments').set({ updated_at: new Date(Date.now() - 120_000).toISOString() }).where('order_id', '=', row.id).execute();
      const res = await ship(orderid);
      expect(res.statusCode).toBe(200);
      expect(sandbox.bookings()).toBe(1);
      expect(res.json().shipment.awb).toBe(sandboxAwb(orderid));
      expect(await mailsOf('order-shipped')).toBeGreaterThan(0);
    } finally {
      useCourier(set.shop.app.ctx, createSandboxCourier(set.shop.config.PUBLIC_URL));
    }
  });

  it("a courier's refusal is shown in its words and the order may be shipped again", async () => {
    const sandbox = createSandboxCourier(set.shop.config.PUBLIC_URL);
    useCourier(set.shop.app.ctx, { ...sandbox, book: async () => Promise.reject(new CourierError('No courier delivers to pincode 560001.', true)) });
    const orderid = await cod();
    try {
      const res = await ship(orderid);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('No courier delivers to pincode 560001.');
      expect(await statusOf(orderid)).toBe('PREPARATION');
    } finally {
      useCourier(set.shop.app.ctx, sandbox);
    }
    expect((await ship(orderid)).statusCode).toBe(200);
  });
});

describe('/track lookups are limited per address', () => {
  it('answers 429 after 20 lookups a minute, right or wrong', async () => {
    const shop = await createTestShop('sqlite', { env: { AUTH_RATE_LIMIT: '10' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) statuses.push((await shop.app.inject({ url: `/api/public/track/OD_guess${i}?pincode=560001` })).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await shop.close();
    }
  });
});

describe('the sandbox courier runs only where the sandbox gateway may', () => {
  it('is not offered on a public address', async () => {
    const shop = await createTestShop('sqlite', { env: { PUBLIC_URL: 'https://ghee.example', HOST: '0.0.0.0' } });
    try {
      const admin = await adminOf(shop);
      expect((await shop.app.inject({ url: '/api/shipping/courier', headers: admin.auth })).json()).toEqual({ courier: 'off', testMode: false });
      expect((await shop.app.inject({ method: 'POST', url: '/api/shipping/sandbox/SBX1/scan', headers: admin.auth, payload: { status: 'DELIVERED' } })).statusCode).toBe(404);
    } finally {
      await shop.close();
    }
  });
});
