import { describe, expect, it } from 'vitest';
import { CANCELLED_AT_CONFIRMATION_REASON, NOT_CONFIRMED_REASON } from '../../../domain/messages-and-confirmation';
import { confirmOutcome, type ConfirmPreview } from './confirm-outcome';

const waiting: ConfirmPreview = { status: 'PREPARATION', confirmation: 'PENDING', cancelReason: null, open: true };
const confirmed: ConfirmPreview = { ...waiting, confirmation: 'CONFIRMED', open: false };
const cancelledHere: ConfirmPreview = { status: 'CANCELLED', confirmation: null, cancelReason: CANCELLED_AT_CONFIRMATION_REASON, open: false };

describe('the COD confirmation page says where the order stands once', () => {
  it('asks while the order waits, and says nothing else', () => {
    expect(confirmOutcome(waiting, null)).toEqual({ asking: true, payable: true, message: null });
  });

  it('thanks once for a confirmation given on this visit, though the order read again is confirmed too', () => {
    const outcome = confirmOutcome(confirmed, { status: 'PREPARATION' });
    expect(outcome).toMatchObject({ asking: false, payable: true, message: { tone: 'success' } });
    expect(outcome.message?.text).toBe('Thank you! Your order is confirmed and we are packing it.');
  });

  it('says a cancel given on this visit without asking for cash', () => {
    expect(confirmOutcome(cancelledHere, { status: 'CANCELLED' })).toEqual({
      asking: false,
      payable: false,
      message: { tone: 'info', text: 'Your order is cancelled. Nothing is due.' },
    });
  });

  it('on a later visit: already confirmed, and where the order is once it has left', () => {
    expect(confirmOutcome(confirmed, null).message?.text).toBe('This order is already confirmed and we are packing it.');
    expect(confirmOutcome({ ...confirmed, status: 'OUTFORDELIVERY' }, null)).toMatchObject({
      payable: true,
      message: { text: 'This order is already confirmed. Where it is now: out for delivery.' },
    });
    expect(confirmOutcome({ ...confirmed, status: 'DELIVERED' }, null).payable).toBe(false);
  });

  it('words each way an order ends cancelled, none asking for cash', () => {
    const texts = [CANCELLED_AT_CONFIRMATION_REASON, NOT_CONFIRMED_REASON, 'Out of stock', null].map((reason) => {
      const outcome = confirmOutcome({ ...cancelledHere, cancelReason: reason }, null);
      expect(outcome).toMatchObject({ asking: false, payable: false });
      return outcome.message?.text;
    });
    expect(texts).toEqual([
      'You cancelled this order when asked to confirm it. Nothing is due.',
      'This order was cancelled because it was not confirmed in time, so nothing is due. You are welcome to order again.',
      'This order is cancelled (Out of stock). Nothing is due.',
      'This order is cancelled. Nothing is due.',
    ]);
  });

  it('says the time ran out before the expiry job has cancelled the order', () => {
    expect(confirmOutcome({ ...waiting, open: false }, null)).toEqual({
      asking: false,
      payable: false,
      message: {
        tone: 'warning',
        text: 'The time to confirm this order has ended, so it is being cancelled and nothing is due. You are welcome to order again.',
      },
    });
  });
});
