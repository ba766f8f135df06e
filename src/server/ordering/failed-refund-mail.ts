import { APP_ROUTES } from '../../domain/app-routes';
import { formatRupees, orderNumber } from '../../domain/display';
import type { Executor } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import { findOrderRowById } from '../orders/order-repository';

export const FAILED_REFUND_MAIL_KIND = 'refund-failed';

/** The dashboard's orders list, searched for one order number (the admin has no page of its own per order). */
export function adminOrderLink(publicUrl: string, number: string): string {
  return `${publicUrl}${APP_ROUTES.admin}?q=${encodeURIComponent(number)}`;
}

/**
 * Tells the shop a refund failed at the gateway, in the transaction that marks it FAILED: that transition happens
 * once per failure (a resent webhook is claimed once, and the conditional UPDATE moves the row once), so the mail
 * goes once per failure, and again if a retry fails again. The customer was mailed that the money is on its way,
 * and nothing else would tell the owner, who may never open that order again.
 */
export async function queueFailedRefundMail(
  trx: Executor,
  shop: { email: string; publicUrl: string },
  refund: { orderRowId: number; amount: number; reason: string },
): Promise<void> {
  if (!shop.email) return;
  const order = await findOrderRowById(trx, refund.orderRowId);
  if (!order) return;
  const number = orderNumber(order.id);
  const amount = formatRupees(refund.amount);
  await enqueueMail(trx, {
    kind: FAILED_REFUND_MAIL_KIND,
    to: shop.email,
    subject: `Refund failed: ${amount} for order ${number}`,
    text:
      `The refund of ${amount} for order ${number} (${order.username}, ${order.emailaddress}) failed at the payment gateway: ` +
      // Razorpay's refund report (webhook or API) carries no reason of its own; its dashboard may say more.
      `no money went back to the customer. The gateway gives no reason with its report; its dashboard (Refunds) may show one.\n\n` +
      `Refund reason: ${refund.reason}\n\n` +
      `The customer was mailed that the money is on its way back to their card or account, so they are waiting for it.\n\n` +
      `What to do:\n` +
      `- Open the order in the dashboard (Your Orders, search ${number}: ${adminOrderLink(shop.publicUrl, number)}) and press Retry beside the failed refund, or\n` +
      `- refund the customer another way (bank transfer, UPI) and tell them so, since they are expecting the money on their card.\n\n` +
      `Until then the amount counts as not refunded, and the dashboard's Overview shows the refund under "Failed refunds".`,
  });
}
