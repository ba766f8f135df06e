import { formatRupees, orderNumber } from '../../domain/display';
import { escapeHtml, placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { enqueueMails, type OutgoingMail } from '../mail/outbox';
import { renderMail, withLeadParagraph } from '../mail/render';
import { queueOrderMessages } from '../messages/outbox';
import type { Settings } from '../../domain/schemas/settings';
import { getSettings } from '../settings/settings-repository';
import { withAdminOrderLink } from '../mail/admin-order-link';
import { withConfirmLink, type ConfirmLinks } from './cod-confirmation';
import { placedMessages } from './placed-messages';

export const ORDER_PLACED_MAIL_KIND = 'order-placed';

/**
 * Queues the order-placed mail with the settings' initial subject and body, in the caller's transaction
 * (the one that creates the COD order or marks the online order paid), so it is sent exactly when that
 * change commits. To the customer when `customeremail` is on, to the shop when `emailsetting` is on.
 * Returns how many mails were queued.
 */
export async function queueOrderPlacedMails(executor: Executor, order: Order, shopEmail: string, links: ConfirmLinks): Promise<number> {
  const mails = orderPlacedMails(await getSettings(executor), order, shopEmail, links);
  await enqueueMails(executor, mails);
  return mails.length;
}

/**
 * The order-placed mails these settings ask for, none when both switches are off, each copy built for its reader: the
 * customer's asks for the confirmation of a COD order that waits for one, and the shop's links to the order in the
 * dashboard at the shop's public URL. The owner ordering with the shop's own address gets both copies, as every
 * customer and the shop do, and as the status mails go.
 */
export function orderPlacedMails(settings: Settings, order: Order, shopEmail: string, links: ConfirmLinks): OutgoingMail[] {
  const toCustomer = settings.customeremail;
  const toShop = settings.emailsetting && !!shopEmail;
  if (!toCustomer && !toShop) return [];
  const mail = { kind: ORDER_PLACED_MAIL_KIND, ...renderMail({ subject: settings.intialsubject, body: settings.intialbody }, placeholderValuesForOrder(order)) };
  return [
    ...(toCustomer ? [withConfirmLink({ ...mail, to: order.emailaddress }, order, links)] : []),
    ...(toShop ? [withOrderSummary(withAdminOrderLink({ ...mail, to: shopEmail }, order.orderid, links.publicUrl), order)] : []),
  ];
}

/**
 * The shop's copy opens with what the owner acts on, above the customer's words the template says: the order, its
 * total and how it is paid, whose it is with their phone, and the customer's note, which the template may not show.
 */
function withOrderSummary(mail: OutgoingMail, order: Order): OutgoingMail {
  const paid = order.paymentmode === 'ONLINE' ? 'paid online' : order.confirmation === 'PENDING' ? 'cash on delivery, waiting for the customer to confirm' : 'cash on delivery';
  const head = `New order ${orderNumber(order.id)}: ${formatRupees(order.totalAmount)}, ${paid}, from ${order.username}, ${order.mobilenumber}.`;
  const note = order.note.trim();
  const text = note ? `${head}\nTheir note: ${note}` : head;
  const html = `<p>${escapeHtml(head)}${note ? `<br>Their note: ${escapeHtml(note).replace(/\n/g, '<br>')}` : ''}</p>`;
  return withLeadParagraph(mail, text, html);
}

/** A COD order just written, with the end of its confirmation window (null when it waits for none). */
export interface PlacedCodOrder {
  order: Order;
  confirmBy: string | null;
}

/**
 * What a COD order sends when it is placed, queued in the transaction that places it: the order-placed mails, with
 * the confirmation link while the order waits for one, and the opted-in orders' first WhatsApp message. An order
 * placed directly (order-batch-writer.ts) and an unpaid online order switched to COD (place-steps.ts) send the same.
 * One INSERT per outbox for all of `placed`, so a group commit queues its whole group at once.
 */
export async function queuePlacedMailsAndMessages(
  executor: Executor,
  settings: Settings,
  placed: readonly PlacedCodOrder[],
  shopEmail: string,
  links: ConfirmLinks,
): Promise<void> {
  await enqueueMails(
    executor,
    placed.flatMap(({ order, confirmBy }) => orderPlacedMails(settings, { ...order, confirmBy }, shopEmail, links)),
  );
  await queueOrderMessages(executor, placedMessages(placed.map((p) => p.order)));
}
