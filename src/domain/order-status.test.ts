import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_STATUS_LABELS,
  DEFAULT_TEMPLATE_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STANDING_WORDS,
  SETTABLE_ORDER_STATUSES,
  TRACKER_STEPS,
  isOrderStatus,
  paymentStanding,
  trackerStepsActive,
} from './order-status';

describe('order status', () => {
  it('has the four statuses in delivery order, then CANCELLED, which only cancelling reaches', () => {
    expect(ORDER_STATUSES).toEqual(['PREPARATION', 'READY', 'OUTFORDELIVERY', 'DELIVERED', 'CANCELLED', 'RETURNED']);
    expect(SETTABLE_ORDER_STATUSES).toEqual(['PREPARATION', 'READY', 'OUTFORDELIVERY', 'DELIVERED']);
    expect(DEFAULT_TEMPLATE_STATUS).toBe('PREPARATION');
  });

  it('labels the admin filter', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      PREPARATION: 'Active',
      READY: 'Ready',
      OUTFORDELIVERY: 'Out for Delivery',
      DELIVERED: 'Closed',
      CANCELLED: 'Cancelled',
      RETURNED: 'Returned',
    });
  });

  it('labels the customer list', () => {
    expect(CUSTOMER_STATUS_LABELS).toEqual({
      PREPARATION: 'Being prepared',
      READY: 'Shipped',
      OUTFORDELIVERY: 'Out for delivery',
      DELIVERED: 'Delivered',
      CANCELLED: 'Cancelled',
      RETURNED: 'Returned to us',
    });
  });

  it('lights 1 to 4 tracker steps, none for a cancelled or returned order', () => {
    expect(TRACKER_STEPS).toEqual(['Order Processed', 'Order Shipped', 'En Route', 'Arrived']);
    expect(ORDER_STATUSES.map(trackerStepsActive)).toEqual([1, 2, 3, 4, 0, 0]);
  });

  it('recognises only the exact status values', () => {
    expect(isOrderStatus('READY')).toBe(true);
    expect(isOrderStatus('ready')).toBe(false);
    expect(isOrderStatus('Active')).toBe(false);
    expect(isOrderStatus('')).toBe(false);
    expect(isOrderStatus(1)).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });

  it('words a cash-on-delivery order by its delivery: due, paid at the door, or nothing due', () => {
    const words = (paymentstatus: string, status: string) => PAYMENT_STANDING_WORDS[paymentStanding({ paymentstatus, status })];
    expect(words('COD', 'PREPARATION')).toBe('Pay on delivery');
    expect(words('COD', 'OUTFORDELIVERY')).toBe('Pay on delivery');
    expect(words('COD', 'DELIVERED')).toBe('Paid in cash on delivery');
    expect(words('COD', 'CANCELLED')).toBe('Nothing to pay');
    expect(words('COD', 'RETURNED')).toBe('Nothing to pay');
    expect(words('PAID', 'DELIVERED')).toBe('Paid');
    expect(words('FAILED', 'PREPARATION')).toBe('Payment failed');
    expect(words('PENDING', 'PREPARATION')).toBe('Payment pending');
  });
});
