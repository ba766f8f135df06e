import { describe, expect, it } from 'vitest';
import { refundedWords, refundOnItsWayWords, refundProgress } from './refunds';

describe('how a refunded payment reads', () => {
  it('Refunded in full, Part refunded in part, once the gateway gave the money back', () => {
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 3037, refundProcessedAmount: 3037 })).toBe('Refunded');
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 999, refundProcessedAmount: 999 })).toBe('Part refunded');
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 3037, refundProcessedAmount: 999 })).toBe('Part refunded');
  });

  it('not refunded while the refund is only asked for: it is on its way', () => {
    const asked = { paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 3037, refundProcessedAmount: 0 } as const;
    expect(refundedWords(asked)).toBeNull();
    expect(refundProgress(asked)).toEqual({ processed: 0, onItsWay: 3037 });
    // An answer that does not say what was processed claims nothing came back.
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 3037 })).toBeNull();
    expect(refundProgress({ paymentstatus: 'PAID', refundedAmount: 1500, refundProcessedAmount: 1000 })).toEqual({ processed: 1000, onItsWay: 500 });
    expect(refundOnItsWayWords(497)).toBe('Refund of Rs. 497 on its way');
  });

  it('the status words otherwise: nothing refunded, a failed refund (its amount released), not paid', () => {
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 0, refundProcessedAmount: 0 })).toBeNull();
    expect(refundProgress({ paymentstatus: 'PAID', refundedAmount: 0, refundProcessedAmount: 0 })).toEqual({ processed: 0, onItsWay: 0 });
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037 })).toBeNull();
    expect(refundedWords({ paymentstatus: 'COD', totalAmount: 3037, refundedAmount: 0 })).toBeNull();
    expect(refundProgress({ paymentstatus: 'COD', refundedAmount: 100, refundProcessedAmount: 100 })).toEqual({ processed: 0, onItsWay: 0 });
  });
});
