import { placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { enqueueMails, type OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/render';
import type { Settings } from '../../domain/schemas/settings';
import { getSettings } from '../settings/settings-repository';

export const ORDER_PLACED_MAIL_KIND = 'order-placed';

/**
 * Queues the order-placed mail with the settings' initial subject and body, in the caller's transaction
 * (the one that creates the COD order or marks the online order paid), so it is sent exactly when that
 * change commits. To the customer when `customeremail` is on, to the shop when `emailsetting` is on.
 * Returns how many mails were queued.
 */
export async function queueOrderPlacedMails(executor: Executor, order: Order, shopEmail: string): Promise<number> {
  const mails = orderPlacedMails(await getSettings(executor), order, shopEmail);
  await enqueueMails(executor, mails);
  return mails.length;
}

/** The order-placed mails these settings ask for: one per distinct recipient, none when both switches are off. */
export function orderPlacedMails(settings: Settings, order: Order, shopEmail: string): OutgoingMail[] {
  const recipients = new Set([
    ...(settings.customeremail ? [order.emailaddress] : []),
    ...(settings.emailsetting && shopEmail ? [shopEmail] : []),
  ]);
  if (recipients.size === 0) return [];
  const mail = renderMail({ subject: settings.intialsubject, body: settings.intialbody }, placeholderValuesForOrder(order));
  return [...recipients].map((to) => ({ kind: ORDER_PLACED_MAIL_KIND, to, ...mail }));
}
