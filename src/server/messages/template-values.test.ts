// Meta sends a template only with exactly one value per variable of its approved words, and approves words only
// when their variables run 1..n without a gap, inside words. Every message kind is sent here through the
// workflows that queue it, and the values each went with are held against the words the owner registers.
import { beforeAll, expect, it } from 'vitest';
import { MESSAGE_KINDS, MESSAGE_WORDS } from '../../domain/messages-and-confirmation';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { SANDBOX_REFUND_SETTLE_MS } from '../payments/sandbox/sandbox-refunds';
import { sandboxWebhooksSettled } from '../payments/sandbox/sandbox-routes';
import { codOrder, orderBody, placePaidOnlineOrder } from '../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { messaging } from './index';
import { parseParams } from './message-text';

/**
 * What Meta would refuse in a template's words sent with this many values: a skipped variable number, a count of
 * variables other than the values', a variable beginning or ending the body (punctuation after it still ends it), or
 * two variables with nothing but space between them. Empty when the template can be registered and sent.
 */
function templateProblems(words: string, valueCount: number): string[] {
  const numbers = [...words.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
  const highest = Math.max(0, ...numbers);
  const problems: string[] = [];
  for (let n = 1; n <= highest; n += 1) if (!numbers.includes(n)) problems.push(`{{${n}}} is skipped`);
  if (highest !== valueCount) problems.push(`${highest} variables for ${valueCount} values`);
  if (/^\s*\{\{\d+\}\}/.test(words)) problems.push('the body begins with a variable');
  if (/\{\{\d+\}\}[\s.,;:!?]*$/.test(words)) problems.push('the body ends with a variable');
  if (/\}\}\s*\{\{/.test(words)) problems.push('two variables stand side by side');
  return problems;
}

it('finds what Meta refuses in a template’s words', () => {
  expect(templateProblems('Hello {{1}}, your order {{2}} has shipped. AWB {{4}}; track it at {{5}}', 5)).toEqual([
    '{{3}} is skipped',
    'the body ends with a variable',
  ]);
  expect(templateProblems('{{1}} {{2}} and more words here.', 3)).toEqual(['2 variables for 3 values', 'the body begins with a variable', 'two variables stand side by side']);
  expect(templateProblems('Hello {{1}}, your order {{2}} is on its way.', 2)).toEqual([]);
});

describeEachDatabase('WhatsApp values against the words registered', (dialect) => {
  const set = useTestShop(dialect);
  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
    const current = (await set.shop.app.inject({ url: '/api/settings', headers: set.admin.auth })).json();
    const on = await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...current, codConfirmation: true } });
    expect(on.statusCode, on.body).toBe(200);
  });

  const admin_ = (method: 'POST' | 'PUT', url: string, payload: object) => set.shop.app.inject({ method, url, headers: set.admin.auth, payload });
  /** Booked with the sandbox courier and scanned to the door: shipped, out for delivery, delivered. */
  async function deliverByCourier(orderid: string) {
    const booked = await admin_('POST', `/api/order/${orderid}/shipment`, { mode: 'COURIER' });
    expect(booked.statusCode, booked.body).toBe(200);
    const awb = booked.json().shipment.awb as string;
    for (const status of ['PICKED_UP', 'OUT_FOR_DELIVERY', 'DELIVERED']) {
      const scanned = await admin_('POST', `/api/shipping/sandbox/${awb}/scan`, { status });
      expect(scanned.statusCode, scanned.body).toBe(200);
    }
  }

  it('sends every kind with one value per variable of its words, and every kind’s words can be registered', async () => {
    const cod = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY', whatsappOptIn: true }));
    expect(cod.statusCode, cod.body).toBe(200);
    const codId = cod.json().orderid as string;
    expect((await admin_('POST', `/api/order/${codId}/confirm`, { answer: 'CONFIRM' })).statusCode).toBe(200);
    await deliverByCourier(codId);

    const paidId = await placePaidOnlineOrder(set.shop, set.customer, orderBody({ whatsappOptIn: true }));
    await deliverByCourier(paidId);
    const refund = await admin_('POST', `/api/order/${paidId}/refunds`, { amount: 150, reason: 'One bottle arrived dented' });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_REFUND_SETTLE_MS + 400));
    await sandboxWebhooksSettled(set.shop.app.ctx);
    await messaging(set.shop.app.ctx).worker.drain();

    const sent = await set.shop.app.ctx.db.selectFrom('message_outbox').select(['kind', 'status', 'params']).where('orderid', 'in', [codId, paidId]).execute();
    expect(new Set(sent.map((m) => m.kind))).toEqual(new Set(MESSAGE_KINDS));
    for (const message of sent) {
      expect(message.status, message.kind).toBe('SENT');
      const kind = message.kind as keyof typeof MESSAGE_WORDS;
      expect(templateProblems(MESSAGE_WORDS[kind], parseParams(message.params).length), kind).toEqual([]);
    }
  });
});
