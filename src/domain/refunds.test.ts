import { describe, expect, it } from 'vitest';
import { bottleRefundAmount, isAdminCancellable, isCustomerCancellable, isRefundable, isReturnRefundable, refundableLeft, refundedSoFar, refundFormSchema, type RefundView } from './refunds';

const refund = (amount: number, status: RefundView['status']) => ({ amount, status });

describe('refunds', () => {
  it('counts pending and processed refunds as refunded, never a failed one (its amount may be refunded again)', () => {
    const refunds = [refund(300, 'PROCESSED'), refund(200, 'PENDING'), refund(500, 'FAILED')];
    expect(refundedSoFar(refunds)).toBe(500);
    expect(refundableLeft(1019, refunds)).toBe(519);
    expect(refundableLeft(1019, [])).toBe(1019);
    expect(refundableLeft(400, [refund(400, 'PROCESSED')])).toBe(0);
  });

  it('leaves out an extra payment given back: it was never part of the order', () => {
    const refunds = [refund(300, 'PROCESSED'), { amount: 1019, status: 'PENDING' as const, strayPayment: true as const }];
    expect(refundedSoFar(refunds)).toBe(300);
    expect(refundableLeft(1019, refunds)).toBe(719);
  });

  it("the admin's refund form takes whole rupees from 1 up to what is left, with a reason", () => {
    const schema = refundFormSchema(519);
    expect(schema.safeParse({ amount: 519, reason: 'Broken bottle' }).success).toBe(true);
    const over = schema.safeParse({ amount: 520, reason: 'Broken bottle' });
    expect(over.error?.issues).toMatchObject([{ path: ['amount'], message: 'At most Rs. 519 is left to refund on this order.' }]);
    expect(schema.safeParse({ amount: Number.NaN, reason: 'x' }).error?.issues[0]?.message).toBe('Enter the amount to refund in whole rupees.');
    expect(schema.safeParse({ amount: 10.5, reason: 'x' }).success).toBe(false);
    expect(schema.safeParse({ amount: 0, reason: 'x' }).success).toBe(false);
    expect(schema.safeParse({ amount: 10, reason: '  ' }).error?.issues[0]?.message).toBe('Say why you are refunding.');
  });

  it('offers Refund on a delivered order paid online, Refund the payment on a returned one, and Cancel on any other not cancelled', () => {
    const paid = { paymentmode: 'ONLINE', paymentstatus: 'PAID' } as const;
    expect(isRefundable({ ...paid, status: 'DELIVERED' })).toBe(true);
    expect(isRefundable({ ...paid, status: 'READY' })).toBe(false);
    expect(isRefundable({ paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD', status: 'DELIVERED' })).toBe(false);
    const cod = { paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD' } as const;
    expect(isAdminCancellable({ ...cod, status: 'OUTFORDELIVERY' })).toBe(true);
    expect(isAdminCancellable({ ...cod, status: 'DELIVERED' })).toBe(false);
    expect(isAdminCancellable({ ...cod, status: 'CANCELLED' })).toBe(false);
    // A parcel that came back is never cancelled: what was paid online is refunded, and it stays returned.
    expect(isAdminCancellable({ ...cod, status: 'RETURNED' })).toBe(false);
    expect(isAdminCancellable({ ...paid, status: 'RETURNED' })).toBe(false);
    expect(isReturnRefundable({ ...paid, status: 'RETURNED' })).toBe(true);
    expect(isReturnRefundable({ ...cod, status: 'RETURNED' })).toBe(false);
    expect(isReturnRefundable({ paymentmode: 'ONLINE', paymentstatus: 'PENDING', status: 'RETURNED' })).toBe(false);
    expect(isReturnRefundable({ ...paid, status: 'DELIVERED' })).toBe(false);
    expect(isRefundable({ ...paid, status: 'RETURNED' })).toBe(false);
  });

  it('treats an order delivered once and set back since as delivered: refunded, cancelled by nobody', () => {
    const setBack = { status: 'PREPARATION', deliveredAt: '2026-11-20T10:00:00.000Z' } as const;
    const paid = { paymentmode: 'ONLINE', paymentstatus: 'PAID' } as const;
    const cod = { paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD' } as const;
    expect(isRefundable({ ...paid, ...setBack })).toBe(true);
    expect(isRefundable({ ...cod, ...setBack })).toBe(false);
    expect(isAdminCancellable({ ...paid, ...setBack })).toBe(false);
    expect(isAdminCancellable({ ...paid, ...setBack, status: 'RETURNED' })).toBe(false);
    expect(isCustomerCancellable(setBack)).toBe(false);
    expect(isCustomerCancellable({ status: 'PREPARATION', deliveredAt: null })).toBe(true);
    expect(isCustomerCancellable({ status: 'READY' })).toBe(false);
  });
});

describe('bottleRefundAmount', () => {
  it('gives back what was paid for the bottles: their price less the coupon share, at least a rupee', () => {
    expect(bottleRefundAmount({ subtotal: 3037, discount: 0 }, 999)).toBe(999);
    expect(bottleRefundAmount({ subtotal: 2521, discount: 251 }, 552)).toBe(497);
    expect(bottleRefundAmount({ subtotal: 500, discount: 500 }, 250)).toBe(1);
    expect(bottleRefundAmount({ subtotal: 0, discount: 0 }, 0)).toBe(1);
  });
});
