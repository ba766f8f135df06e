import { expect, it } from 'vitest';
import { autoCancelWords, confirmationStateWords, phoneLinks } from './confirmation-words';

const now = new Date('2026-11-28T10:00:00.000Z');
const waiting = { confirmation: 'PENDING' as const, status: 'PREPARATION' as const };

it('says when a waiting order is cancelled without an answer, in shop time', () => {
  expect(autoCancelWords({ ...waiting, confirmBy: '2026-11-29T10:22:00.000Z' }, now)).toBe('Cancelled automatically on 29 Nov 2026, 15:52 IST unless confirmed.');
  // The time is up but the expiry job has not run yet.
  expect(autoCancelWords({ ...waiting, confirmBy: '2026-11-28T09:59:00.000Z' }, now)).toBe('Not confirmed by 28 Nov 2026, 15:29 IST: it is being cancelled.');
});

it('says nothing of an order that waits for nothing', () => {
  expect(autoCancelWords({ ...waiting, confirmBy: null }, now)).toBeNull();
  expect(autoCancelWords({ confirmation: 'CONFIRMED', status: 'PREPARATION', confirmBy: null }, now)).toBeNull();
  // Cancelled by the normal Cancel order while it waited: its row may still say PENDING.
  expect(autoCancelWords({ confirmation: 'PENDING', status: 'CANCELLED', confirmBy: '2026-11-29T10:22:00.000Z' }, now)).toBeNull();
});

it('calls and writes to the order’s number with India’s country code', () => {
  expect(phoneLinks('9812345678')).toEqual({ tel: 'tel:+919812345678', whatsapp: 'https://wa.me/919812345678' });
  expect(phoneLinks('+91 98123 45678')).toEqual({ tel: 'tel:+919812345678', whatsapp: 'https://wa.me/919812345678' });
});

it('a cancelled order waits for no confirmation, whatever it waited for before', () => {
  expect(confirmationStateWords({ confirmation: null, status: 'CANCELLED' })).toBe('This order is cancelled: no confirmation is waited for.');
  expect(confirmationStateWords({ confirmation: 'CONFIRMED', status: 'READY' })).toBe('Cash on delivery: confirmed.');
  expect(confirmationStateWords({ confirmation: null, status: 'PREPARATION' })).toBe('No confirmation needed for this order.');
});
