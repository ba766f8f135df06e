// Order status values and their labels (SPEC.md §2 and §4). Admins may pick any status at any
// time, so there is deliberately no transition table here.

export const ORDER_STATUSES = ['PREPARATION', 'READY', 'OUTFORDELIVERY', 'DELIVERED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DEFAULT_ORDER_STATUS: OrderStatus = 'PREPARATION';
export const DEFAULT_TEMPLATE_STATUS: OrderStatus = 'PREPARATION';

/** Admin filter wording. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PREPARATION: 'Active',
  READY: 'Ready',
  OUTFORDELIVERY: 'Out for Delivery',
  DELIVERED: 'Closed',
};

/** Customer order list wording. */
export const CUSTOMER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PREPARATION: 'InPreparation',
  READY: 'Ready',
  OUTFORDELIVERY: 'Out for Delivery',
  DELIVERED: 'Closed',
};

export const TRACKER_STEPS = ['Order Processed', 'Order Shipped', 'En Route', 'Arrived'] as const;

export function isOrderStatus(x: unknown): x is OrderStatus {
  return typeof x === 'string' && (ORDER_STATUSES as readonly string[]).includes(x);
}

/** How many tracker steps are lit: 1 for PREPARATION up to 4 for DELIVERED. */
export function trackerStepsActive(status: OrderStatus): number {
  return ORDER_STATUSES.indexOf(status) + 1;
}

/**
 * An online order nobody has paid for yet (the card was declined or the dialog closed): Your Orders offers
 * Pay now for it and shows no delivery progress, since nothing is prepared before payment.
 */
export function isAwaitingPayment(order: { paymentmode: string; paymentstatus: string; status: string }): boolean {
  return order.paymentmode === 'ONLINE' && (order.paymentstatus === 'PENDING' || order.paymentstatus === 'FAILED') && order.status === 'PREPARATION';
}
