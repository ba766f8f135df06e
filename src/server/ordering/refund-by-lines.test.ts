import { beforeAll, expect, it } from 'vitest';
import type { CreditNoteDocument } from '../../domain/india/invoice-document';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { pdfText } from '../../../tests/support/pdf-text';
import type { PaymentGateway } from '../payments/gateway';
import { gatewayFor } from '../payments/gateway-registry';
import { setStock } from '../stock/stock-repository';
import { applyRefundEvent } from './refund-service';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { orderBody, placePaidOnlineOrder, settledMailbox } from '../../../tests/support/test-orders';

// The admin refunds by lines (which bottles, how many, optionally back on the shelf) or by value; the credit note says
// which. The standard order: 2 × A2 Desi Cow Ghee 500 ml at 1019 and 1 × Buffalo Ghee 1000 ml at 999.
describeEachDatabase('refunds by lines or by value', (dialect) => {
  const set = useTestShop(dialect);
  let buffaloId: number;
  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    buffaloId = (await set.shop.app.ctx.db.selectFrom('products').select('id').where('name', '=', 'Buffalo Ghee').executeTakeFirstOrThrow()).id;
    await setStock(set.shop.app.ctx.db, buffaloId, 1000, 20);
  });

  async function deliveredOrder(): Promise<string> {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer);
    await settledMailbox(set.shop);
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'DELIVERED' } })).statusCode).toBe(200);
    return orderid;
  }
  const refund = (orderid: string, payload: object) => set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds`, headers: set.admin.auth, payload });
  const buffaloStock = async () =>
    (await set.shop.app.ctx.db.selectFrom('stock_levels').select('stock').where('product_id', '=', buffaloId).where('size_ml', '=', 1000).executeTakeFirstOrThrow()).stock;
  const noteDoc = async (number: string) =>
    JSON.parse((await set.shop.app.ctx.db.selectFrom('credit_notes').select('document').where('number', '=', number).executeTakeFirstOrThrow()).document) as CreditNoteDocument;

  it('a broken jar of buffalo ghee: refunded at its price, back on the shelf, the credit note names it with its quantity', async () => {
    const orderid = await deliveredOrder();
    const before = await buffaloStock();
    const res = await refund(orderid, { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Jar arrived broken', restock: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refunds).toMatchObject([{ amount: 999, status: 'PENDING' }]);
    expect(await buffaloStock()).toBe((before ?? 0) + 1);
    const note = await noteDoc(res.json().creditNotes[0].number as string);
    expect(note.basis).toBe('GOODS');
    expect(note.lines).toMatchObject([{ description: 'Buffalo Ghee (1000 ml)', quantity: 1, unit: 'NOS', grossPaise: 99_900 }]);
    expect(note.totals.grossPaise).toBe(99_900);
    const pdf = await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${encodeURIComponent(note.number)}.pdf`, headers: set.admin.auth });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Buffalo Ghee (1000 ml)');
    expect(text).not.toContain('Refund of value');

    // That bottle is refunded; the A2 ghee is not touched by it, and a bottle cannot be refunded twice.
    const again = await refund(orderid, { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Only 0 of 1/);
    const cow = await refund(orderid, { lines: [{ name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 2 }], reason: 'Both leaked' });
    expect(cow.statusCode, cow.body).toBe(200);
    expect(cow.json().refunds.map((r: { amount: number }) => r.amount).sort()).toEqual([2038, 999]);
    expect(await buffaloStock()).toBe((before ?? 0) + 1);
    // Your Orders carries what was refunded or is on its way (and, beside it, how much the gateway processed).
    const mine = (await set.shop.app.inject({ url: '/api/order', headers: set.customer.auth })).json() as { orderid: string; refundedAmount: number }[];
    expect(mine.find((o) => o.orderid === orderid)).toMatchObject({ refundedAmount: 3037 });
  });

  it('by value keeps its shape and its credit note says "Refund of value"; lines and an amount together are refused', async () => {
    const orderid = await deliveredOrder();
    const res = await refund(orderid, { amount: 300, reason: 'Late delivery' });
    expect(res.statusCode, res.body).toBe(200);
    const note = await noteDoc(res.json().creditNotes[0].number as string);
    expect(note.basis).toBe('VALUE');
    expect(note.lines[0]?.description).toMatch(/^Refund of value against invoice/);
    const both = await refund(orderid, { amount: 100, lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'x' });
    expect(both.statusCode).toBe(400);
    const unknown = await refund(orderid, { lines: [{ name: 'Camel Ghee', quantity: 500, itemQty: 1 }], reason: 'x' });
    expect(unknown.statusCode).toBe(400);
  });

  it('a bottle bought with a coupon: the note lists it at its price with the coupon’s share off, adding up to the refund', async () => {
    const code = `Refund${dialect}${Date.now() % 100_000}`;
    const created = await set.shop.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: set.admin.auth,
      payload: { code, kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: null, perCustomer: null, firstOrderOnly: false, active: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    // 3037 less 10% (303.70, to the nearest rupee 304) = 2733.
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, { ...orderBody(), coupon: code, totalAmount: 2733 });
    await settledMailbox(set.shop);
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'DELIVERED' } })).statusCode).toBe(200);
    const res = await refund(orderid, { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Jar arrived broken' });
    expect(res.statusCode, res.body).toBe(200);
    const amount = res.json().refunds[0].amount as number;
    expect(amount).toBeLessThan(999);
    const note = await noteDoc(res.json().creditNotes[0].number as string);
    expect(note.basis).toBe('GOODS');
    expect(note.lines).toMatchObject([
      { description: 'Buffalo Ghee (1000 ml)', quantity: 1, unit: 'NOS', unitPricePaise: 99_900, discountPaise: 99_900 - amount * 100, grossPaise: amount * 100 },
    ]);
    expect(note.couponCode).toBe(code.toUpperCase());
    expect(note.totals.grossPaise).toBe(amount * 100);
    expect(note.lines.reduce((sum, l) => sum + l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise, 0)).toBe(amount * 100);
    const text = pdfText((await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${encodeURIComponent(note.number)}.pdf`, headers: set.admin.auth })).rawPayload);
    expect(text).not.toMatch(/Coupon discount|(^|\s)-[\d,]+\.\d\d/m);
    expect(text).toMatch(new RegExp(`Total credited \\(₹\\)\\s+${amount}\\.00`));
    // The bottle's line: its price, its value, the coupon's share of it, and what was paid for it.
    expect(text).toMatch(new RegExp(`Buffalo Ghee \\(1000 ml\\)\\s+\\S+\\s+1 NOS\\s+999\\.00\\s+999\\.00\\s+${999 - amount}\\.00\\s`));
    expect(text).toContain(`Discount (coupon ${code.toUpperCase()})`);
  });

  it('a failed refund of a bottle refunded again since cannot be retried: no bottle is refunded twice', async () => {
    const orderid = await deliveredOrder();
    const body = { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Broken' };
    // The sandbox's own outcome webhooks are held back: this test says how each refund ends.
    const sandbox = gatewayFor(set.shop.app.ctx) as PaymentGateway & { onRefund?: unknown };
    const onRefund = sandbox.onRefund;
    sandbox.onRefund = undefined;
    try {
      const first = (await refund(orderid, body)).json().refunds[0].refundId as string;
      const asked = await set.shop.app.ctx.db.selectFrom('refunds').select(['gateway_refund_id', 'amount']).where('id', '=', first).executeTakeFirstOrThrow();
      // The gateway refused it: its bottle may be refunded again.
      const failed = { id: asked.gateway_refund_id ?? '', paymentId: '', amount: asked.amount * 100, status: 'failed' as const, notes: { shop_refund_id: first } };
      expect(await set.shop.app.ctx.db.transaction().execute((trx) => applyRefundEvent(set.shop.app.ctx, trx, failed))).toBe(true);
      expect((await refund(orderid, body)).statusCode).toBe(200);
      const retry = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${first}/retry`, headers: set.admin.auth });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toMatch(/refunded again after it failed/);
      const refunds = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json().refunds as { refundId: string; status: string }[];
      expect(refunds.find((r) => r.refundId === first)?.status).toBe('FAILED');
      const row = await set.shop.app.ctx.db.selectFrom('orders').select('refunded_amount').where('orderid', '=', orderid).executeTakeFirstOrThrow();
      expect(row.refunded_amount).toBe(999);
    } finally {
      sandbox.onRefund = onRefund;
    }
  });

  it.each(['retried', 'settled'] as const)('a failed refund of a bottle, %s, gets a credit note that names the bottle again, not a refund of value', async (how) => {
    const orderid = await deliveredOrder();
    const sandbox = gatewayFor(set.shop.app.ctx) as PaymentGateway & { onRefund?: unknown };
    const onRefund = sandbox.onRefund;
    sandbox.onRefund = undefined;
    try {
      const res = await refund(orderid, { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Jar arrived broken' });
      const first = res.json().refunds[0].refundId as string;
      const asked = await set.shop.app.ctx.db.selectFrom('refunds').select(['gateway_refund_id', 'amount']).where('id', '=', first).executeTakeFirstOrThrow();
      const failed = { id: asked.gateway_refund_id ?? '', paymentId: '', amount: asked.amount * 100, status: 'failed' as const, notes: { shop_refund_id: first } };
      await set.shop.app.ctx.db.transaction().execute((trx) => applyRefundEvent(set.shop.app.ctx, trx, failed));
      const again =
        how === 'retried'
          ? await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${first}/retry`, headers: set.admin.auth })
          : await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${first}/settle`, headers: set.admin.auth, payload: { method: 'CASH' } });
      expect(again.statusCode, again.body).toBe(200);
      const notes = (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json().creditNotes as { number: string }[];
      expect(notes).toHaveLength(2);
      const reissued = await noteDoc(notes[1]?.number ?? '');
      expect(reissued.basis).toBe('GOODS');
      expect(reissued.lines).toMatchObject([{ description: 'Buffalo Ghee (1000 ml)', quantity: 1, unit: 'NOS', grossPaise: 99_900 }]);
    } finally {
      sandbox.onRefund = onRefund;
    }
  });

  it('a bottle a failed refund put back on the shelf is not put back again by a fresh refund of it', async () => {
    const orderid = await deliveredOrder();
    const body = { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Broken', restock: true };
    const sandbox = gatewayFor(set.shop.app.ctx) as PaymentGateway & { onRefund?: unknown };
    const onRefund = sandbox.onRefund;
    sandbox.onRefund = undefined;
    try {
      const before = await buffaloStock();
      const first = (await refund(orderid, body)).json().refunds[0].refundId as string;
      expect(await buffaloStock()).toBe(before + 1);
      const asked = await set.shop.app.ctx.db.selectFrom('refunds').select(['gateway_refund_id', 'amount']).where('id', '=', first).executeTakeFirstOrThrow();
      const failed = { id: asked.gateway_refund_id ?? '', paymentId: '', amount: asked.amount * 100, status: 'failed' as const, notes: { shop_refund_id: first } };
      expect(await set.shop.app.ctx.db.transaction().execute((trx) => applyRefundEvent(set.shop.app.ctx, trx, failed))).toBe(true);
      // The jar is on the shelf already: refunding it again, box ticked again, pays the customer and adds nothing.
      const fresh = await refund(orderid, body);
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(await buffaloStock()).toBe(before + 1);
    } finally {
      sandbox.onRefund = onRefund;
    }
  });

  it('two refunds of the same bottle at once: one wins', async () => {
    const orderid = await deliveredOrder();
    const body = { lines: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1 }], reason: 'Broken' };
    const answers = await Promise.all([refund(orderid, body), refund(orderid, body), refund(orderid, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
