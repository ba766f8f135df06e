import { orderNumber, withOrderPrefix } from '../../domain/display';
import { awaitsOnlinePayment, ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import type { Order } from '../../domain/schemas/order';
import { writeAudit } from '../audit/audit-log';
import type { DB } from '../db/database';
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
}

export interface StatusChangeResult {
  order: Order;
  /** How many mails were queued: 0, 1 or 2 depending on the two settings. */
  queued: number;
}

/**
 * Sets the status and queues the status mail in one transaction: the mail exists if and only if the change
 * committed, and delivery happens later through the outbox, so a mail server being down never fails this.
 * Admins may pick any status at any time (SPEC.md §4), the current one included (which sends the mail again).
 */
export async function changeOrderStatus(db: DB, change: StatusChange): Promise<StatusChangeResult> {
  // The admin screen has the full id; a short one typed by hand gets its prefix.
  const orderid = withOrderPrefix(change.orderid);
  return db.transaction().execute(async (trx) => {
    const before = await findOrderByOrderId(trx, orderid);
    if (!before) throw orderNotFound(orderid);
    // Nothing leaves CANCELLED, and only cancelling (which returns stock and refunds) enters it.
    if (before.status === 'CANCELLED' || change.status === 'CANCELLED') {
      throw conflict(
        before.status === 'CANCELLED'
          ? `Order ${orderid} is cancelled; a cancelled order keeps that status.`
          : 'To cancel an order use Cancel order on its page: it returns the bottles and refunds a paid order.',
      );
    }
    // A returned parcel's bottles are back on the shelf and its invoice credited: it does not ship again from here.
    if (before.status === 'RETURNED') throw conflict(`Order ${orderid} came back from the courier; a returned order keeps that status.`);
    if (change.status !== 'PREPARATION' && awaitsOnlinePayment(before)) {
      throw new HttpError(
        409,
        'ORDER_NOT_PAID',
        `Order ${orderNumber(before.id)} was placed for online payment and the payment has not arrived, so it stays in preparation: ` +
          'do not pack or ship it. Check the payment under Payments, or cancel the order.',
      );
    }
    if (!(await setOrderStatus(trx, orderid, change.status))) throw conflict(`Order ${orderid} was cancelled meanwhile; a cancelled order keeps that status.`);
    // The owner moving a COD order on counts as confirming it (after a call, say).
    const confirmed = before.confirmation === 'PENDING' && (await markConfirmed(trx, before.id));
    const invoice = await issueInvoiceForStatus(trx, before.id, change.status);
    const order: Order = {
      ...before,
      status: change.status,
      invoiceNumber: invoice?.number ?? before.invoiceNumber ?? null,
      confirmation: confirmed ? 'CONFIRMED' : before.confirmation,
    };
    const queued = await queueStatusMails(trx, order, change.shopEmail);
    if (change.status === 'DELIVERED') await queueOrderMessage(trx, order, 'DELIVERED');
    await writeAudit(trx, {
      actorUserId: change.actorUserId,
      action: 'order.status',
      target: orderid,
      details: { from: before.status, to: change.status, mailsQueued: queued },
    });
    return { order, queued };
  });
}

/** What the admin reads after a change: the spec's screen shows its own toasts, this says what happened. */
export function statusChangeMessage(result: StatusChangeResult): string {
  const label = ORDER_STATUS_LABELS[result.order.status];
  if (result.queued === 0) {
    return `Order status set to ${label}. No mail was sent: status mails are turned off in Settings.`;
  }
  return `Order status set to ${label}. The status mail is queued and will be delivered in a minute or two.`;
}
