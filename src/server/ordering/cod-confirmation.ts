import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatShopDateTime } from '../../domain/display';
import { escapeHtml } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Settings } from '../../domain/schemas/settings';
import type { NewOrder } from '../db/schema';
import { withLeadParagraph } from '../mail/render';
import type { OutgoingMail } from '../mail/outbox';

/** What the confirmation link needs: where the shop is, and the key that signs the link. */
export interface ConfirmLinks {
  publicUrl: string;
  secret: string;
}

const HOUR_MS = 60 * 60_000;

/**
 * The confirmation columns of a new order: a COD order waits for the customer's answer until `confirm_by` when the
 * owner turned confirmation on; every other order needs none.
 */
export function confirmationColumns(order: Pick<NewOrder, 'paymentmode'>, settings: Settings | null, now: Date): Pick<NewOrder, 'confirmation' | 'confirm_by'> {
  if (!settings?.codConfirmation || order.paymentmode !== 'CASHONDELIVERY') return {};
  const hours = settings.codConfirmHours ?? 24;
  return { confirmation: 'PENDING', confirm_by: new Date(now.getTime() + hours * HOUR_MS).toISOString() };
}

const keys = new Map<string, Buffer>();

// A key of its own derived from the shop's secret, so a confirmation token is never valid as anything else; made
// once per secret, as every order of a group-commit batch signs its link.
function confirmKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('cod-confirmation').digest();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The token of the order's link: it names the order and the end of its window, so it stops working when the window
 * ends, and no one can make one for another order without the shop's secret.
 */
export function confirmToken(secret: string, orderid: string, confirmBy: string): string {
  return createHmac('sha256', confirmKey(secret)).update(`${orderid}\n${confirmBy}`).digest('base64url');
}

export function confirmTokenMatches(secret: string, orderid: string, confirmBy: string, token: string): boolean {
  const expected = Buffer.from(confirmToken(secret, orderid, confirmBy));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function confirmLink(links: ConfirmLinks, orderid: string, confirmBy: string): string {
  return `${links.publicUrl}/confirm/${encodeURIComponent(orderid)}?t=${confirmToken(links.secret, orderid, confirmBy)}`;
}

/**
 * The customer's copy of a COD order's placed mail opens with the confirmation link while the order waits for an
 * answer; any other order's copy is unchanged. Only the customer's copy: in the shop's it opened the mail, above the
 * dashboard link, and one tap answered for the customer (order-placed-mail.ts builds each copy for its reader).
 */
export function withConfirmLink(
  mail: OutgoingMail,
  order: Pick<Order, 'orderid' | 'confirmation' | 'confirmBy'>,
  links: ConfirmLinks,
): OutgoingMail {
  if (order.confirmation !== 'PENDING' || !order.confirmBy) return mail;
  const link = confirmLink(links, order.orderid, order.confirmBy);
  const words = 'Please confirm your cash on delivery order, or cancel it if you no longer want it:';
  const note = `${words} ${link}\nWe pack it once you confirm. Without an answer it is cancelled on ${formatShopDateTime(order.confirmBy)}.`;
  const paragraph = `<p>${escapeHtml(words)} <a href="${escapeHtml(link)}">Confirm or cancel your order</a></p>`;
  return withLeadParagraph(mail, note, paragraph);
}
