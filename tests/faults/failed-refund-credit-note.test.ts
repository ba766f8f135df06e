// Fault suite: a refund that fails at the gateway. Its credit note was issued with the refund row, before the
// gateway answered; when the gateway says "failed" the note is voided (kept, numbered, listed as voided, crediting
// nothing), so the same amount can be refunded again with a fresh note, and the tax reports leave it out.
import { beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { pdfText } from '../support/pdf-text';
import { orderBody, placePaidOnlineOrder, settledMailbox, SUCCESS_CARD } from '../support/test-orders';
import { gatewayFor } from '../../src/server/payments/gateway-registry';
import type { SandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway';
import { postRefundEvent } from '../support/gateway-events';
import { describeEachDatabase, useTestShop, type TestUser } from '../support/test-shop';

const REFUNDS_FAIL_CARD = { ...SUCCESS_CARD, number: '5555 5555 5555 4444' };
const TOTAL = 3037;

describeEachDatabase('fault: a refund that fails at the gateway', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });
  let webhookSecret: string;

  beforeAll(async () => {
    webhookSecret = (await (gatewayFor(set.shop.app.ctx) as SandboxGateway).secrets()).webhookSecret;
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const refund = (orderid: string, amount: number) =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds`, headers: set.admin.auth, payload: { amount, reason: 'Jar arrived broken' } });
  const refundsOf = async (orderid: string) => (await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: set.admin.auth })).json();

  /** The gateway reports the refund failed, as Razorpay's refund.failed webhook does (no waiting on the sandbox's clock). */
  async function gatewaySaysFailed(refundId: string) {
    const row = await set.shop.app.ctx.db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
    expect(row.gateway_refund_id).toBeTruthy();
    await postRefundEvent(set.shop, webhookSecret, { id: row.gateway_refund_id ?? '', paymentId: row.payment_id, amount: row.amount * 100, status: 'failed', notes: { shop_refund_id: refundId } }, `evt_fail_${refundId}`);
  }

  it('voids the failed refund’s credit note and allows a fresh refund of the whole amount', async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody(), REFUNDS_FAIL_CARD);
    await set.shop.app.ctx.db.updateTable('orders').set({ status: 'DELIVERED' }).where('orderid', '=', orderid).execute();

    const first = await refund(orderid, TOTAL);
    expect(first.statusCode, first.body).toBe(200);
    const [failedNote] = first.json().creditNotes as { number: string; amount: number }[];
    expect(failedNote).toMatchObject({ amount: TOTAL });
    await gatewaySaysFailed(first.json().refunds[0].refundId as string);

    const after = await refundsOf(orderid);
    expect(after.refunds).toMatchObject([{ status: 'FAILED' }]);
    // The note is still there with its number (a tax document never disappears), shown voided.
    expect(after.creditNotes).toEqual([{ ...failedNote, voided: true }]);

    // The month's GSTR-1 counts the voided note as a cancelled document that credits nothing.
    const date = String((after.creditNotes as { date: string }[])[0]?.date);
    const gstr1 = (await set.shop.app.inject({ url: `/api/reports/gstr1?period=${date.slice(5, 7)}${date.slice(0, 4)}`, headers: set.admin.auth })).json();
    const noteSeries = gstr1.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === 5);
    expect(noteSeries.docs[0]).toMatchObject({ totnum: 1, cancel: 1, net_issue: 0 });
    expect(JSON.stringify(gstr1.cdnur ?? [])).not.toContain(failedNote?.number);

    const fresh = await refund(orderid, TOTAL);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const notes = fresh.json().creditNotes as { number: string; amount: number; voided?: boolean }[];
    expect(notes).toHaveLength(2);
    expect(notes[1]).toMatchObject({ amount: TOTAL });
    expect(notes[1]?.number).not.toBe(failedNote?.number);
    expect(notes[1]?.voided).toBeUndefined();
    await settledMailbox(set.shop);
  });

  it('prints a voided credit note marked VOID with the day it was cancelled, keeping its first print', async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer, orderBody(), REFUNDS_FAIL_CARD);
    await set.shop.app.ctx.db.updateTable('orders').set({ status: 'DELIVERED' }).where('orderid', '=', orderid).execute();
    const first = await refund(orderid, TOTAL);
    expect(first.statusCode, first.body).toBe(200);
    const number = (first.json().creditNotes as { number: string }[])[0]?.number ?? '?';
    const pdfOf = (note: string, who: TestUser = set.customer) =>
      set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${encodeURIComponent(note)}.pdf`, headers: who.auth });
    const MARK = /This credit note was cancelled on \d\d\/\d\d\/\d{4}/;

    // Printed (and mailed) while the refund was on its way: a valid-looking note.
    const issued = (await pdfOf(number)).rawPayload;
    expect(pdfText(issued)).not.toMatch(/VOID|cancelled/);
    await settledMailbox(set.shop);
    await gatewaySaysFailed(first.json().refunds[0].refundId as string);

    const voidedAt = (await set.shop.app.ctx.db.selectFrom('credit_notes').select('voided_at').where('number', '=', number).executeTakeFirstOrThrow()).voided_at ?? '';
    const [y, m, d] = voidedAt.slice(0, 10).split('-');
    const customers = await pdfOf(number);
    expect(customers.statusCode).toBe(200);
    const text = pdfText(customers.rawPayload);
    expect(text).toMatch(MARK);
    expect(text).toContain(`This credit note was cancelled on ${d}/${m}/${y}`);
    expect(text).toContain('VOID');
    expect(text).toContain(number);
    expect(text).toContain('3,037.00');
    // The owner's copy and every later print are one stored file.
    const owners = await pdfOf(number, set.admin);
    expect(Buffer.compare(owners.rawPayload, customers.rawPayload)).toBe(0);
    expect(Buffer.compare((await pdfOf(number)).rawPayload, customers.rawPayload)).toBe(0);
    // The note as first printed stays on record, byte for byte.
    const kept = await set.shop.app.ctx.db.selectFrom('document_pdfs').select('pdf').where('number', '=', number).executeTakeFirstOrThrow();
    expect(Buffer.compare(Buffer.from(kept.pdf), issued)).toBe(0);

    // The retry's own note is not voided, and says nothing of the kind.
    const fresh = await refund(orderid, TOTAL);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const freshNumber = (fresh.json().creditNotes as { number: string }[])[1]?.number ?? '?';
    const freshText = pdfText((await pdfOf(freshNumber, set.admin)).rawPayload);
    expect(freshText).toContain(freshNumber);
    expect(freshText).not.toMatch(/VOID|cancelled/);
    await settledMailbox(set.shop);
  });
});
