import type { PaymentStatus } from '../../../../domain/constants';
import { PAYMENT_STANDING_WORDS, paymentStanding, type OrderStatus } from '../../../../domain/order-status';

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  PAID: 'Paid',
  COD: 'Pay on delivery',
  PENDING: 'Awaiting payment',
  FAILED: 'Payment failed',
};

/** The order's payment in the owner's words; a cash order's follow its delivery (paid at the door once delivered). */
export function paymentStatusLabel(order: { paymentstatus: PaymentStatus; status: string }): string {
  return order.paymentstatus === 'COD' ? PAYMENT_STANDING_WORDS[paymentStanding(order)] : PAYMENT_STATUS_LABELS[order.paymentstatus];
}

export const STATUS_BADGE_CLASS: Readonly<Record<OrderStatus, string>> = {
  PREPARATION: 'status-preparation',
  READY: 'status-ready',
  OUTFORDELIVERY: 'status-out',
  DELIVERED: 'status-delivered',
  CANCELLED: 'status-cancelled',
  RETURNED: 'status-cancelled',
};
