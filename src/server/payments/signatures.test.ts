import { describe, expect, it } from 'vitest';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { newGatewayId } from './gateway-ids';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
  signaturesMatch,
  webhookSignature,
} from './signatures';

const SECRET = 'sandbox_key_secret_for_tests';

describe('payment signatures agree with the razorpay SDK', () => {
  it('the SDK accepts the signatures we make', () => {
    for (let i = 0; i < 20; i += 1) {
      const orderId = newGatewayId('order_');
      const paymentId = newGatewayId('pay_');
      const signature = paymentSignature(orderId, paymentId, SECRET);
      expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, SECRET)).toBe(true);
      expect(isValidPaymentSignature({ orderId, paymentId, signature }, SECRET)).toBe(true);
    }
  });

  it('we reject what the SDK rejects: another order, another payment, another secret', () => {
    const orderId = 'order_AAAAAAAAAAAAAA';
    const paymentId = 'pay_BBBBBBBBBBBBBB';
    const signature = paymentSignature(orderId, paymentId, SECRET);
    const cases = [
      { orderId: 'order_CCCCCCCCCCCCCC', paymentId, signature },
      { orderId, paymentId: 'pay_DDDDDDDDDDDDDD', signature },
      { orderId, paymentId, signature: paymentSignature(orderId, paymentId, 'another-secret') },
      { orderId, paymentId, signature: signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0') },
    ];
    for (const c of cases) {
      const sdk = validatePaymentVerification({ order_id: c.orderId, payment_id: c.paymentId }, c.signature, SECRET);
      expect(sdk).toBe(false);
      expect(isValidPaymentSignature(c, SECRET)).toBe(false);
    }
  });

  it('malformed signatures are rejected without throwing', () => {
    const input = { orderId: 'order_AAAAAAAAAAAAAA', paymentId: 'pay_BBBBBBBBBBBBBB' };
    for (const signature of ['', 'not-hex', 'abc', 'ZZ'.repeat(32), paymentSignature(input.orderId, input.paymentId, SECRET) + '00']) {
      expect(isValidPaymentSignature({ ...input, signature }, SECRET)).toBe(false);
    }
  });

  it('accepts an upper-case hex signature of the right value', () => {
    const sig = paymentSignature('order_X', 'pay_Y', SECRET);
    expect(signaturesMatch(sig, sig.toUpperCase())).toBe(true);
  });
});

describe('webhook signatures agree with the razorpay SDK', () => {
  const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1', amount: 110000 } } } });

  it('the SDK accepts the webhook signatures we make, and we accept the SDK-valid ones', () => {
    const signature = webhookSignature(body, SECRET);
    expect(validateWebhookSignature(body, signature, SECRET)).toBe(true);
    expect(isValidWebhookSignature(body, signature, SECRET)).toBe(true);
  });

  it('a changed body, secret or signature fails in both', () => {
    const signature = webhookSignature(body, SECRET);
    const tampered = body.replace('110000', '100');
    expect(validateWebhookSignature(tampered, signature, SECRET)).toBe(false);
    expect(isValidWebhookSignature(tampered, signature, SECRET)).toBe(false);
    expect(validateWebhookSignature(body, signature, 'other')).toBe(false);
    expect(isValidWebhookSignature(body, signature, 'other')).toBe(false);
    // Re-serialising the same JSON with other spacing is a different body: signatures cover raw bytes.
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(validateWebhookSignature(respaced, signature, SECRET)).toBe(false);
    expect(isValidWebhookSignature(respaced, signature, SECRET)).toBe(false);
  });
});

describe('gateway ids', () => {
  it('are the prefix and 14 letters or digits, and do not repeat', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const id = newGatewayId('order_');
      expect(id).toMatch(/^order_[A-Za-z0-9]{14}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(1000);
  });
});
