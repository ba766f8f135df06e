import { describe, expect, it } from 'vitest';
import { refundedWords } from './refunds';

describe('how a refunded payment reads', () => {
  it('Refunded in full, Part refunded in part, the status words otherwise', () => {
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 3037 })).toBe('Refunded');
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 999 })).toBe('Part refunded');
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037, refundedAmount: 0 })).toBeNull();
    expect(refundedWords({ paymentstatus: 'PAID', totalAmount: 3037 })).toBeNull();
    expect(refundedWords({ paymentstatus: 'COD', totalAmount: 3037, refundedAmount: 0 })).toBeNull();
  });
});
