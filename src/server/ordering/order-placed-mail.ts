import { placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { enqueueMails, type OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/render';
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
export async function queueOrderPlacedMails(executor: Executor, order: Order, shopEmail: string, publicUrl: string): Promise<number> {
  const mails = orderPlacedMails(await getSettings(executor), order, shopEmail, publicUrl);
  await enqueueMails(executor, mails);
  return mails.length;
}

/**
 * The order-placed mails these settings ask for: one per distinct recipient, none when both switches are off. The
 * shop's copy links to the order in the dashboard, at the shop's public URL.
 */
export function orderPlacedMails(settings: Settings, order: Order, shopEmail: string, publicUrl: string): OutgoingMail[] {
  const recipients = new Set([
    ...(settings.customeremail ? [order.emailaddress] : []),
    ...(settings.emailsetting && shopEmail ? [shopEmail] : []),
  ]);
  if (recipients.size === 0) return [];
  const mail = renderMail({ subject: settings.intialsubject, body: settings.intialbody }, placeholderValuesForOrder(order));
  return [...recipients].map((to) => {
    const placed = { kind: ORDER_PLACED_MAIL_KIND, to, ...mail };
    return to === shopEmail ? withAdminOrderLink(placed, order.orderid, publicUrl) : placed;
  });
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
    placed.flatMap(({ order, confirmBy }) => withConfirmLink(orderPlacedMails(settings, order, shopEmail, links.publicUrl), { ...order, confirmBy }, links)),
  );
  await queueOrderMessages(executor, placedMessages(placed.map((p) => p.order)));
}
