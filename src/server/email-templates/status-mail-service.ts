import { withOrderPrefix } from '../../domain/display';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import { placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import { writeAudit } from '../audit/audit-log';
import type { DB, Executor } from '../db/database';
import { DEFAULT_STATUS_TEMPLATES } from './default-mail-copy';
import { conflict, notFound } from '../http/errors';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { renderMail, type RenderedMail } from '../mail/render';
import { invoiceAttachment } from '../invoicing/invoice-attachment';
import { issueInvoiceForStatus } from '../invoicing/invoice-service';
import { findOrderByOrderId } from '../orders/order-repository';
import { getSettings } from '../settings/settings-repository';
import { setOrderStatus } from './order-status-repository';
import { findTemplateWithSlot } from './template-repository';

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

export const orderNotFound = (orderid: string) =>
  notFound(`There is no order ${orderid}. Check the order id and try again.`);

/** The status's default template, or the built-in copy when the shop has none marked default. */
export async function statusTemplate(executor: Executor, status: OrderStatus) {
  return (await findTemplateWithSlot(executor, { status, isdefault: true })) ?? DEFAULT_STATUS_TEMPLATES[status];
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
    if (!(await setOrderStatus(trx, orderid, change.status))) throw conflict(`Order ${orderid} was cancelled meanwhile; a cancelled order keeps that status.`);
    const invoice = await issueInvoiceForStatus(trx, before.id, change.status);
    const order: Order = { ...before, status: change.status, invoiceNumber: invoice?.number ?? before.invoiceNumber ?? null };
    const queued = await queueStatusMails(trx, order, change.shopEmail);
    await writeAudit(trx, {
      actorUserId: change.actorUserId,
      action: 'order.status',
      target: orderid,
      details: { from: before.status, to: change.status, mailsQueued: queued },
    });
    return { order, queued };
  });
}

/** The status mail of the order's status, to the customer and the shop as Settings ask; answers how many. */
export async function queueStatusMails(trx: Executor, order: Order, shopEmail: string): Promise<number> {
  const settings = await getSettings(trx);
  // The delivered mail carries the tax invoice (issued by now, unless the business details are still unset).
  const attachments = order.status === 'DELIVERED' && order.invoiceNumber ? [invoiceAttachment(order.invoiceNumber)] : undefined;
  const mail = { ...renderMail(await statusTemplate(trx, order.status), placeholderValuesForOrder(order)), attachments };
  const recipients = [
    ...(settings.customeremail ? [{ kind: 'status-mail', to: order.emailaddress }] : []),
    ...(settings.emailsetting ? [{ kind: 'status-mail-shop-copy', to: shopEmail }] : []),
  ];
  for (const recipient of recipients) await queue(trx, recipient, mail);
  return recipients.length;
}

async function queue(trx: Executor, recipient: { kind: string; to: string }, mail: RenderedMail & Pick<OutgoingMail, 'attachments'>) {
  await enqueueMail(trx, { kind: recipient.kind, to: recipient.to, ...mail });
}

/** What the admin reads after a change: the spec's screen shows its own toasts, this says what happened. */
export function statusChangeMessage(result: StatusChangeResult): string {
  const label = ORDER_STATUS_LABELS[result.order.status];
  if (result.queued === 0) {
    return `Order status set to ${label}. No mail was sent: status mails are turned off in Settings.`;
  }
  return `Order status set to ${label}. The status mail is queued and will be delivered in a minute or two.`;
}
