import { expect, it } from 'vitest';
import { paymentStatusLabel } from './order-labels';

it('a cash order reads paid at the door once delivered, due until then, and nothing due once cancelled', () => {
  expect(paymentStatusLabel({ paymentstatus: 'COD', status: 'PREPARATION' })).toBe('Pay on delivery');
  expect(paymentStatusLabel({ paymentstatus: 'COD', status: 'OUTFORDELIVERY' })).toBe('Pay on delivery');
  expect(paymentStatusLabel({ paymentstatus: 'COD', status: 'DELIVERED' })).toBe('Paid in cash on delivery');
  expect(paymentStatusLabel({ paymentstatus: 'COD', status: 'CANCELLED' })).toBe('Nothing to pay');
});

it('an online order keeps the owner’s words for its payment', () => {
  expect(paymentStatusLabel({ paymentstatus: 'PENDING', status: 'PREPARATION' })).toBe('Awaiting payment');
  expect(paymentStatusLabel({ paymentstatus: 'PAID', status: 'DELIVERED' })).toBe('Paid');
  expect(paymentStatusLabel({ paymentstatus: 'FAILED', status: 'PREPARATION' })).toBe('Payment failed');
});
