// The steps of changing an order's status (workflows/change-status.ts), each in the change's transaction.
import { orderNumber, withOrderPrefix } from '../../domain/display';
import { awaitsOnlinePayment, ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import type { Order } from '../../domain/schemas/order';
import { writeAudit } from '../audit/audit-log';
import type { Executor } from '../db/database';
import { orderNotFound, queueStatusMails } from '../email-templates/status-mail-service';
import { conflict, HttpError } from '../http/errors';
import { issueInvoiceForStatus } from '../invoicing/invoice-service';
import { findOrderByOrderId } from '../orders/order-repository';
import { setOrderStatus } from './order-status-repository';
import { markConfirmed } from './cod-confirmation-repository';
import { queueOrderMessage } from '../messages/outbox';

export interface StatusChange {
  orderid: string;
  status: OrderStatus;
  actorUserId: number;
  shopEmail: string;
  /** The shop's public URL, for the admin link in the shop's copy of the status mail. */
  publicUrl: string;
}

export interface StatusChangeResult {
  order: Order;
  /** The outbox ids of the status mails queued: none, one or two depending on the two settings. */
  mailIds: number[];
}

export async function orderToChange(trx: Executor, orderid: string): Promise<Order> {
  const before = await findOrderByOrderId(trx, orderid);
  if (!before) throw orderNotFound(orderid);
  return before;
}

/**
 * Nothing leaves CANCELLED, and only cancelling (which returns stock and refunds) enters it; a returned order keeps
 * its status, and only the courier's return scan enters it; an online order whose payment has not arrived stays in
 * preparation.
 */
export function refuseStatusChange(before: Order, status: OrderStatus): void {
  const orderid = before.orderid;
  if (before.status === 'CANCELLED' || status === 'CANCELLED') {
    throw conflict(
      before.status === 'CANCELLED'
        ? `Order ${orderid} is cancelled; a cancelled order keeps that status.`
        : 'To cancel an order use Cancel order on its page: it returns the bottles and refunds a paid order.',
    );
  }
  // A returned parcel's bottles are back on the shelf and its invoice credited: it does not ship again from here.
  if (before.status === 'RETURNED') throw conflict(`Order ${orderid} came back from the courier; a returned order keeps that status.`);
  // Only the courier's return scan brings the bottles back and credits the invoice; by hand it would do neither.
  if (status === 'RETURNED') {
    throw conflict('An order becomes Returned only when the courier scans the parcel back to us. To stop an order, use Cancel order on its page.');
  }
  if (status !== 'PREPARATION' && awaitsOnlinePayment(before)) {
    throw new HttpError(
      409,
      'ORDER_NOT_PAID',
      `Order ${orderNumber(before.id)} was placed for online payment and the payment has not arrived, so it stays in preparation: ` +
        'do not pack or ship it. Check the payment under Payments, or cancel the order.',
    );
  }
}

/** Sets the status unless the order was cancelled since it was read. */
export async function setStatusUnlessCancelled(trx: Executor, orderid: string, status: OrderStatus): Promise<void> {
  if (!(await setOrderStatus(trx, orderid, status))) throw conflict(`Order ${orderid} was cancelled meanwhile; a cancelled order keeps that status.`);
}

/**
 * The order in its new status: a COD order still waiting for its customer's yes counts as confirmed (the owner
 * moved it on, after a call, say), and from READY on it has its invoice.
 */
export async function confirmAndInvoice(trx: Executor, before: Order, status: OrderStatus): Promise<Order> {
  const confirmed = before.confirmation === 'PENDING' && (await markConfirmed(trx, before.id, 'SHOP'));
  const invoice = await issueInvoiceForStatus(trx, before.id, status);
  return {
    ...before,
    status,
    invoiceNumber: invoice?.number ?? before.invoiceNumber ?? null,
    confirmation: confirmed ? 'CONFIRMED' : before.confirmation,
  };
}

/** The status mail (to the customer, the shop, both or neither, as Settings say) and, on delivery, the WhatsApp message. */
/** The status mails and, for a delivered order, its WhatsApp message; answers the mails' outbox ids. */
export async function queueStatusNews(trx: Executor, order: Order, shop: Pick<StatusChange, 'shopEmail' | 'publicUrl'>): Promise<number[]> {
  const mailIds = await queueStatusMails(trx, order, shop.shopEmail, { publicUrl: shop.publicUrl });
  if (order.status === 'DELIVERED') await queueOrderMessage(trx, order, 'DELIVERED');
  return mailIds;
}

export async function auditStatusChange(trx: Executor, change: StatusChange, from: OrderStatus, queued: number): Promise<void> {
  await writeAudit(trx, {
    actorUserId: change.actorUserId,
    action: 'order.status',
    target: withOrderPrefix(change.orderid),
    details: { from, to: change.status, mailsQueued: queued },
  });
}

/** What the admin reads after a change: the spec's screen shows its own toasts, this says what happened. */
export function statusChangeMessage(result: StatusChangeResult): string {
  const label = ORDER_STATUS_LABELS[result.order.status];
  if (result.mailIds.length === 0) {
    return `Order status set to ${label}. No mail was sent: status mails are turned off in Settings.`;
  }
  return `Order status set to ${label}. The status mail is queued and will be delivered in a minute or two.`;
}
