import { placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import { renderMail } from '../mail/render';
import { getSettings } from '../settings/settings-repository';

export const ORDER_PLACED_MAIL_KIND = 'order-placed';

/**
 * Queues the order-placed mail with the settings' initial subject and body, in the caller's transaction
 * (the one that creates the COD order or marks the online order paid), so it is sent exactly when that
 * change commits. To the customer when `customeremail` is on, to the shop when `emailsetting` is on.
 * Returns how many mails were queued.
 */
export async function queueOrderPlacedMails(executor: Executor, order: Order, shopEmail: string): Promise<number> {
  const settings = await getSettings(executor);
  const recipients = [
    ...(settings.customeremail ? [order.emailaddress] : []),
    ...(settings.emailsetting && shopEmail ? [shopEmail] : []),
  ];
  if (recipients.length === 0) return 0;
  const mail = renderMail({ subject: settings.intialsubject, body: settings.intialbody }, placeholderValuesForOrder(order));
  for (const to of new Set(recipients)) {
    await enqueueMail(executor, { kind: ORDER_PLACED_MAIL_KIND, to, ...mail });
  }
  return new Set(recipients).size;
}
