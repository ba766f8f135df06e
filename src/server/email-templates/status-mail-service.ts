import type { OrderStatus } from '../../domain/order-status';
import { placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { DEFAULT_STATUS_TEMPLATES } from './default-mail-copy';
import { notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderMail, renderMailOnce } from '../mail/render';
import type { CreditNoteDocument } from '../../domain/india/invoice-document';
import { creditNoteMailAttachment, creditNoteMailLine, invoiceAttachment } from '../invoicing/invoice-attachment';
import { getSettings } from '../settings/settings-repository';
import { findTemplateWithSlot } from './template-repository';
import { withAdminOrderLink } from '../mail/admin-order-link';

export const orderNotFound = (orderid: string) =>
  notFound(`There is no order ${orderid}. Check the order id and try again.`);

/** The status's default template, or the built-in copy when the shop has none marked default. */
export async function statusTemplate(executor: Executor, status: OrderStatus) {
  return (await findTemplateWithSlot(executor, { status, isdefault: true })) ?? DEFAULT_STATUS_TEMPLATES[status];
}

// The shipped cancellation copy speaks of paying online to every customer; each mail says what is true of its order.
// The copy seeded before migration 0036 said "is refunded": a template the owner edited keeps that sentence, so it is
// found too, word for word, and the mail still says what is true.
const IF_PAID_ONLINE = [
  'If you paid online, the full {{totalAmount}} is on its way back to your card or account; banks take 5-7 working days to show it.',
  'If you paid online, the full {{totalAmount}} is refunded to your card or account; banks take 5-7 working days to show it.',
];

function paymentSentence(order: Order): string {
  if (order.paymentmode !== 'ONLINE') return 'It was to be paid in cash on delivery, so there is nothing to pay and nothing to refund.';
  if (order.paymentstatus !== 'PAID') return 'No payment was taken for it, so there is nothing to refund.';
  // The refund is only asked of the gateway as this mail is written: the money is not back yet.
  return 'The full {{totalAmount}} you paid online is on its way back to your card or account; banks take 5-7 working days to show it.';
}

// The returned mail's copy spoke of paying online to every customer, and until migration 0042 promised to "send it
// again", which a returned order never is: the owner refunds the payment (decision 028), and a customer who still
// wants the ghee orders again. Each mail says what is true of its order; the old sentence, kept in a template the
// owner edited, is found word for word and gets the sentence about ordering again after it.
const RETURNED_IF_PAID_ONLINE = 'If you paid online, we will refund your payment to your card or account and write to you when the refund is on its way. A cash-on-delivery order costs you nothing.';
const RETURNED_SEND_IT_AGAIN = 'If you paid online, write to us and we will refund you or send it again. A cash-on-delivery order costs you nothing.';
const ORDER_AGAIN = 'A returned parcel is not sent again: if you would still like your ghee, please place a new order.';

function returnedPaymentSentence(order: Order): string {
  if (order.paymentmode !== 'ONLINE') return 'It was to be paid in cash on delivery, so you owe nothing.';
  if (order.paymentstatus !== 'PAID') return 'No payment was taken for it, so you owe nothing.';
  // The owner refunds it from the order page (and may keep back part, saying why in the refund mail): not yet done.
  return 'You paid {{totalAmount}} online: we will refund your payment to your card or account and write to you when the refund is on its way.';
}

/** The stored body with its sentence about paying online made true of this order (cancelled and returned mails). */
function truthfulBody(order: Order, body: string): string {
  if (order.status === 'CANCELLED') return IF_PAID_ONLINE.reduce((text, said) => text.replace(said, paymentSentence(order)), body);
  if (order.status !== 'RETURNED') return body;
  const sentence = returnedPaymentSentence(order);
  return body.replace(RETURNED_IF_PAID_ONLINE, sentence).replace(RETURNED_SEND_IT_AGAIN, `${sentence}\n\n${ORDER_AGAIN}`);
}

/**
 * The status mail of the order's status, to the customer and the shop as Settings ask; answers their outbox ids (none,
 * one or two), by which the owner's screen follows them out. `shopNote` (a cancellation's reason and who gave it) goes
 * on the shop's copy only, and so does the order's admin link at the shop's `publicUrl`.
 */
export async function queueStatusMails(
  trx: Executor,
  order: Order,
  shopEmail: string,
  options: { publicUrl: string; shopNote?: string; creditNote?: Pick<CreditNoteDocument, 'number' | 'invoiceNumber'> | null },
): Promise<number[]> {
  const settings = await getSettings(trx);
  const note = options.creditNote ?? null;
  // The delivered mail carries the tax invoice (issued by now, unless the business details are still unset); a
  // cancellation's mail the credit note that reverses it.
  const attachments = note ? creditNoteMailAttachment(note).attachments : order.status === 'DELIVERED' && order.invoiceNumber ? [invoiceAttachment(order.invoiceNumber)] : undefined;
  const stored = await statusTemplate(trx, order.status);
  const worded = { ...stored, body: truthfulBody(order, stored.body) };
  const template = note ? { ...worded, body: `${worded.body}${creditNoteMailLine(note)}` } : worded;
  const values = placeholderValuesForOrder(order);
  // A body with words of its own (a credit note's line, a cancellation's note) is rendered once, not compiled: one
  // compiled template per order would only crowd the compiled templates.
  const mail = { ...(note ? renderMailOnce(template, values) : renderMail(template, values)), attachments };
  const shopMail = options.shopNote ? { ...renderMailOnce({ ...template, body: `${template.body}\n\n${options.shopNote}` }, values), attachments } : mail;
  const ids: number[] = [];
  if (settings.customeremail) ids.push(await enqueueMail(trx, { kind: 'status-mail', to: order.emailaddress, ...mail }));
  if (settings.emailsetting) {
    ids.push(await enqueueMail(trx, withAdminOrderLink({ kind: 'status-mail-shop-copy', to: shopEmail, ...shopMail }, order.orderid, options.publicUrl)));
  }
  return ids;
}
