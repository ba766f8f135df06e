import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../domain/schemas/order';
import { missingInvoiceNote } from './invoice-note';

type Facts = Pick<Order, 'status' | 'paymentmode' | 'paymentstatus'>;
const paidOnline: Facts = { status: 'PREPARATION', paymentmode: 'ONLINE', paymentstatus: 'PAID' };
const unpaidOnline: Facts = { status: 'PREPARATION', paymentmode: 'ONLINE', paymentstatus: 'PENDING' };
const cod = (status: Facts['status']): Facts => ({ status, paymentmode: 'CASHONDELIVERY', paymentstatus: 'COD' });

describe('missingInvoiceNote', () => {
  it('a paid online order held back for the business details says so and where to fill them in', () => {
    const note = missingInvoiceNote(paidOnline, false);
    expect(note).toContain('held back until the business details are filled in');
    expect(note).toContain('Settings → Business details');
    expect(note).toContain('set Ready');
    expect(note).not.toContain('paid online');
  });

  it('a Ready or later order held back says the next status update issues it once they are filled', () => {
    for (const status of ['READY', 'OUTFORDELIVERY', 'DELIVERED'] as const) {
      const note = missingInvoiceNote(cod(status), false);
      expect(note).toContain('Settings → Business details');
      expect(note).toContain("the order's next status update issues it");
    }
    expect(missingInvoiceNote(cod('READY'), true)).toBe(
      "No invoice yet: it was held back while the business details were not filled in; the order's next status update issues it.",
    );
  });

  it('an order not yet due says what makes it due, and that the business details come first when missing', () => {
    expect(missingInvoiceNote(cod('PREPARATION'), true)).toBe('No invoice yet: it is issued when the order is set Ready.');
    expect(missingInvoiceNote(unpaidOnline, true)).toBe("No invoice yet: it is issued when the customer's online payment arrives.");
    expect(missingInvoiceNote(cod('PREPARATION'), false)).toMatch(/set Ready\. The business details must be filled in first \(Settings → Business details\)/);
  });

  it('a cancelled or returned order gets none, whatever the business details', () => {
    for (const filled of [true, false, undefined]) {
      expect(missingInvoiceNote({ ...paidOnline, status: 'CANCELLED' }, filled)).toBe('No tax invoice was issued for this order, and a cancelled order gets none.');
      expect(missingInvoiceNote(cod('RETURNED'), filled)).toBe('No tax invoice was issued for this order, and a returned order gets none.');
    }
  });

  it('while the business details are unknown it claims neither way', () => {
    expect(missingInvoiceNote(paidOnline, undefined)).toBe('No invoice yet: once the business details are filled in (Settings → Business details), it is issued when the order is set Ready.');
  });
});
