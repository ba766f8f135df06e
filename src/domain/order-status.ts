// Order status values and their labels (SPEC.md §2 and §4). Admins may pick any of the four at any
// time; CANCELLED (DESIGN.md §7.7) is reached only by cancelling, and nothing leaves it. RETURNED (DESIGN.md §8.5)
// is reached only by the courier's return-to-origin scan: the parcel came back to the shop.

export const ORDER_STATUSES = ['PREPARATION', 'READY', 'OUTFORDELIVERY', 'DELIVERED', 'CANCELLED', 'RETURNED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DEFAULT_ORDER_STATUS: OrderStatus = 'PREPARATION';
export const DEFAULT_TEMPLATE_STATUS: OrderStatus = 'PREPARATION';

/** Admin filter wording. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PREPARATION: 'Active',
  READY: 'Ready',
  OUTFORDELIVERY: 'Out for Delivery',
  DELIVERED: 'Closed',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
};

/** Customer order list wording: plain words, not the admin's filter names ("InPreparation", "Closed"). */
export const CUSTOMER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PREPARATION: 'Being prepared',
  READY: 'Shipped',
  OUTFORDELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned to us',
};

/** The statuses an admin sets from the status menu; an order becomes CANCELLED only through cancelling. */
export const SETTABLE_ORDER_STATUSES = ['PREPARATION', 'READY', 'OUTFORDELIVERY', 'DELIVERED'] as const satisfies readonly OrderStatus[];

/**
 * Statuses at which an order must carry its tax invoice (DESIGN.md §7.2: first set to READY, or later). A paid
 * online order is invoiced at payment too; the admin's order page explains a missing invoice from the same rule.
 */
export const INVOICED_STATUSES: readonly OrderStatus[] = ['READY', 'OUTFORDELIVERY', 'DELIVERED'];

/** Why a customer cancels: the short list Your Orders offers (an admin may also write their own). */
export const CANCEL_REASONS = ['Ordered by mistake', 'Found a better price', 'Delivery takes too long', 'Need to change the address or items', 'Other'] as const;

/**
 * An online order whose payment has not arrived stays in preparation: it is not packed, shipped, invoiced or
 * mailed "ready" until the money is there (cash-on-delivery orders are paid at the door and move freely).
 */
export function awaitsOnlinePayment(order: { paymentmode: string; paymentstatus: string }): boolean {
  return order.paymentmode === 'ONLINE' && order.paymentstatus !== 'PAID';
}

export const TRACKER_STEPS = ['Order Processed', 'Order Shipped', 'En Route', 'Arrived'] as const;

export function isOrderStatus(x: unknown): x is OrderStatus {
  return typeof x === 'string' && (ORDER_STATUSES as readonly string[]).includes(x);
}

/** How many tracker steps are lit: 1 for PREPARATION up to 4 for DELIVERED; none for a cancelled or returned order. */
export function trackerStepsActive(status: OrderStatus): number {
  return status === 'CANCELLED' || status === 'RETURNED' ? 0 : ORDER_STATUSES.indexOf(status) + 1;
}

/**
 * An online order nobody has paid for yet (the card was declined or the dialog closed): Your Orders offers
 * Pay now for it and shows no delivery progress, since nothing is prepared before payment.
 */
export function isAwaitingPayment(order: { paymentmode: string; paymentstatus: string; status: string }): boolean {
  return order.paymentmode === 'ONLINE' && (order.paymentstatus === 'PENDING' || order.paymentstatus === 'FAILED') && order.status === 'PREPARATION';
}

/** Where an order's money stands, for the customer's and the admin's order lists. */
export type PaymentStanding = 'PAID' | 'PAID_ON_DELIVERY' | 'DUE_ON_DELIVERY' | 'NONE_DUE' | 'PENDING' | 'FAILED';

/**
 * A cash-on-delivery order keeps the payment status COD for life, so its words follow the delivery: paid at the door
 * once delivered, due there until then, and nothing due once it is cancelled or came back undelivered.
 */
export function paymentStanding(order: { paymentstatus: string; status: string }): PaymentStanding {
  switch (order.paymentstatus) {
    case 'PAID':
      return 'PAID';
    case 'FAILED':
      return 'FAILED';
    case 'COD':
      if (order.status === 'DELIVERED') return 'PAID_ON_DELIVERY';
      return order.status === 'CANCELLED' || order.status === 'RETURNED' ? 'NONE_DUE' : 'DUE_ON_DELIVERY';
    default:
      return 'PENDING';
  }
}

export const PAYMENT_STANDING_WORDS: Readonly<Record<PaymentStanding, string>> = {
  PAID: 'Paid',
  PAID_ON_DELIVERY: 'Paid in cash on delivery',
  DUE_ON_DELIVERY: 'Pay on delivery',
  NONE_DUE: 'Nothing to pay',
  PENDING: 'Payment pending',
  FAILED: 'Payment failed',
};
