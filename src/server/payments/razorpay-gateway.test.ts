import { describe, expect, it } from 'vitest';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { GatewayUnavailableError } from './gateway';
import { createRazorpayGateway, type RazorpayClient } from './razorpay-gateway';
import { paymentSignature, webhookSignature } from './signatures';

const keys = { keyId: 'rzp_test_abc', keySecret: 'key-secret', webhookSecret: 'hook-secret' };

function client(overrides: Partial<{ create: RazorpayClient['orders']['create']; fetchPayments: RazorpayClient['orders']['fetchPayments']; fetch: RazorpayClient['payments']['fetch'] }> = {}): RazorpayClient {
  return {
    orders: {
      create: overrides.create ?? (async (p) => ({ id: 'order_Razorpay000001', amount: p.amount, currency: p.currency })),
      fetchPayments: overrides.fetchPayments ?? (async () => ({ items: [] })),
    },
    payments: {
      fetch: overrides.fetch ?? (async (id) => ({ id, order_id: 'order_Razorpay000001', status: 'captured', amount: '50000' })),
      refund: async (paymentId, params) => {
        refundCalls.push({ paymentId, ...params });
        return { id: 'rfnd_Razorpay00001', payment_id: paymentId, amount: params.amount, status: 'pending', notes: params.notes };
      },
      fetchMultipleRefund: async (paymentId) => ({
        items: [{ id: 'rfnd_Razorpay00001', payment_id: paymentId, amount: '25000', status: 'processed', notes: [] }],
      }),
    },
  };
}

const refundCalls: unknown[] = [];

describe('Razorpay gateway (SDK calls stood in)', () => {
  it('refunds through the refunds API at normal speed with the notes, and lists a payment\'s refunds', async () => {
    const gateway = createRazorpayGateway(keys, client());
    const refund = await gateway.refund('pay_Razorpay000001', 25000, { shop_refund_id: 'refund_1' });
    expect(refundCalls.at(-1)).toEqual({ paymentId: 'pay_Razorpay000001', amount: 25000, speed: 'normal', notes: { shop_refund_id: 'refund_1' } });
    expect(refund).toEqual({ id: 'rfnd_Razorpay00001', paymentId: 'pay_Razorpay000001', amount: 25000, status: 'pending', notes: { shop_refund_id: 'refund_1' } });
    expect(await gateway.fetchRefunds('pay_Razorpay000001')).toEqual([
      { id: 'rfnd_Razorpay00001', paymentId: 'pay_Razorpay000001', amount: 25000, status: 'processed', notes: {} },
    ]);
  });

  it('is test mode only for rzp_test_ keys and loads the official checkout.js', () => {
    expect(createRazorpayGateway(keys, client())).toMatchObject({ name: 'razorpay', testMode: true, scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js' });
    expect(createRazorpayGateway({ ...keys, keyId: 'rzp_live_abc' }, client()).testMode).toBe(false);
  });

  it('creates orders with what it is given and maps payments to numbers and known states', async () => {
    let sent: unknown;
    const gateway = createRazorpayGateway(keys, client({ create: async (p) => ((sent = p), { id: 'order_X', amount: String(p.amount), currency: 'INR' }) }));
    expect(await gateway.createOrder({ amount: 303700, currency: 'INR', receipt: 'Receipt-1' })).toEqual({ id: 'order_X', amount: 303700, currency: 'INR' });
    expect(sent).toEqual({ amount: 303700, currency: 'INR', receipt: 'Receipt-1' });
    expect(await gateway.fetchPayment('pay_1')).toEqual({ id: 'pay_1', orderId: 'order_Razorpay000001', status: 'captured', amount: 50000, errorDescription: null });
  });

  it('treats an unknown id as absent and anything else as the gateway being unavailable', async () => {
    const notFound = createRazorpayGateway(keys, client({ fetch: async () => Promise.reject({ statusCode: 400, error: { description: 'The id provided does not exist' } }) }));
    expect(await notFound.fetchPayment('pay_nope')).toBeNull();
    const down = createRazorpayGateway(keys, client({
      create: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND')),
      fetchPayments: async () => Promise.reject({ statusCode: 500, error: { description: 'Server error' } }),
    }));
    await expect(down.createOrder({ amount: 1, currency: 'INR', receipt: 'r' })).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(down.fetchOrderPayments('order_X')).rejects.toThrow('Server error');
  });

  it('verifies checkout and webhook signatures exactly as the SDK does', async () => {
    const gateway = createRazorpayGateway(keys, client());
    const signature = paymentSignature('order_A', 'pay_B', keys.keySecret);
    expect(validatePaymentVerification({ order_id: 'order_A', payment_id: 'pay_B' }, signature, keys.keySecret)).toBe(true);
    expect(await gateway.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature })).toBe(true);
    expect(await gateway.verifyPaymentSignature({ orderId: 'order_C', paymentId: 'pay_B', signature })).toBe(false);

    const body = '{"event":"payment.captured"}';
    const hook = webhookSignature(body, keys.webhookSecret);
    expect(validateWebhookSignature(body, hook, keys.webhookSecret)).toBe(true);
    expect(await gateway.verifyWebhookSignature(body, hook)).toBe(true);
    expect(await gateway.verifyWebhookSignature(body, webhookSignature(body, keys.keySecret))).toBe(false);
    // Without a webhook secret no webhook can be trusted.
    const noSecret = createRazorpayGateway({ ...keys, webhookSecret: undefined }, client());
    expect(await noSecret.verifyWebhookSignature(body, hook)).toBe(false);
  });
});
