import type { PaymentStatus } from '../../../../domain/constants';
import type { OrderStatus } from '../../../../domain/order-status';

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  PAID: 'Paid',
  COD: 'Pay on delivery',
  PENDING: 'Awaiting payment',
  FAILED: 'Payment failed',
};

export const STATUS_BADGE_CLASS: Readonly<Record<OrderStatus, string>> = {
  PREPARATION: 'status-preparation',
  READY: 'status-ready',
  OUTFORDELIVERY: 'status-out',
  DELIVERED: 'status-delivered',
  CANCELLED: 'status-cancelled',
  RETURNED: 'status-cancelled',
};
