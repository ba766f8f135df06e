import { formatRupees, orderNumber } from '../../domain/display';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { adminOrderLink } from '../mail/admin-order-link';
import { enqueueMail } from '../mail/outbox';
import { findOrderRowById } from '../orders/order-repository';

export const FAILED_REFUND_MAIL_KIND = 'refund-failed';

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
  await shopMailAboutRefund(trx, shop, refund, ({ order, number, amount }) => ({
    kind: FAILED_REFUND_MAIL_KIND,
    subject: `Refund failed: ${amount} for order ${number}`,
    text:
      `The refund of ${amount} for order ${number} (${order.username}, ${order.emailaddress}) failed at the payment gateway: ` +
      // Razorpay's refund report (webhook or API) carries no reason of its own; its dashboard may say more.
      `no money went back to the customer. The gateway gives no reason with its report; its dashboard (Refunds) may show one.\n\n` +
      `Refund reason: ${refund.reason}\n\n` +
      `The customer was mailed that the money is on its way back to their card or account, so they are waiting for it.\n\n` +
      `What to do:\n` +
      `- Open the order in the dashboard (${adminOrderLink(shop.publicUrl, order.orderid)}) and press Retry beside the failed refund, or\n` +
      `- refund the customer another way (bank transfer, UPI, cash) and press Mark as settled beside the failed refund, with the payment's reference: the customer is mailed how the money came.\n\n` +
      `Until then the amount counts as not refunded, and the dashboard's Overview shows the refund under "Failed refunds".`,
  }));
}

export const GATEWAY_ALSO_PAID_MAIL_KIND = 'refund-paid-twice';

/**
 * The gateway reported processed a refund the owner had settled another way (decision 088): the customer may have
 * the money twice. The refund stays settled and counts once; the owner is told once, to recover one payment.
 */
export async function queueGatewayAlsoPaidMail(
  trx: Executor,
  shop: { email: string; publicUrl: string },
  refund: { orderRowId: number; amount: number; settledMethod: string; settledReference: string | null; gatewayRefundId: string },
): Promise<void> {
  await shopMailAboutRefund(trx, shop, refund, ({ order, number, amount }) => ({
    kind: GATEWAY_ALSO_PAID_MAIL_KIND,
    subject: `Refund paid twice? ${amount} for order ${number}`,
    text:
      `The payment gateway now reports the refund of ${amount} for order ${number} (${order.username}, ${order.emailaddress}) as processed ` +
      `(gateway refund ${refund.gatewayRefundId}), after it had failed and you marked it settled by ${refund.settledMethod}` +
      `${refund.settledReference ? ` (ref ${refund.settledReference})` : ''}.\n\n` +
      `The customer may have received the money twice. The shop still counts it once, as settled by you.\n\n` +
      `What to do: check the gateway's dashboard (Refunds) and your own payment, then ask the customer to return one of them. ` +
      `The order: ${adminOrderLink(shop.publicUrl, order.orderid)}`,
  }));
}

type RefundMailFacts = { order: OrderRow; number: string; amount: string };

/** A mail to the shop about one refund of an order; none when the shop has no address or the order is gone. */
async function shopMailAboutRefund(
  trx: Executor,
  shop: { email: string },
  refund: { orderRowId: number; amount: number },
  write: (facts: RefundMailFacts) => { kind: string; subject: string; text: string },
): Promise<void> {
  if (!shop.email) return;
  const order = await findOrderRowById(trx, refund.orderRowId);
  if (!order) return;
  await enqueueMail(trx, { to: shop.email, ...write({ order, number: orderNumber(order.id), amount: formatRupees(refund.amount) }) });
}
