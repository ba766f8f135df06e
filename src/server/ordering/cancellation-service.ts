import { withOrderPrefix } from '../../domain/display';
import type { Order } from '../../domain/schemas/order';
import { writeAudit } from '../audit/audit-log';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { queueStatusMails } from '../email-templates/status-mail-service';
import { releaseCouponUse } from '../coupons/coupon-repository';
import { conflict } from '../http/errors';
import { gatewayFor } from '../payments/gateway-registry';
import { findOrderByOrderId } from '../orders/order-repository';
import { findOwnedOrder } from '../orders/owned-order';
import { markOrderCancelled } from './order-status-repository';
import { recordRefund, sendRefund } from './refund-service';
import { addStock, markStockReturned, orderStockTakes } from '../stock/stock-repository';

const notYours = (orderid: string) => `There is no order ${orderid} on your account. Check the order id and try again.`;

/**
 * Stops the gateway taking money for a cancelled order, where the gateway can (Razorpay cannot close an order). A
 * payment that gets through anyway is refunded when it settles, so a failure here is only logged by the gateway.
 */
async function closeGatewayOrder(ctx: AppContext, gatewayOrderId: string): Promise<void> {
  const gateway = gatewayFor(ctx);
  if (!gateway.closeOrder) return;
  try {
    await gateway.closeOrder(gatewayOrderId);
  } catch {
    // Settlement refunds whatever arrives for a cancelled order; nothing more to do here.
  }
}

/**
 * Cancels an order (DESIGN.md §7.3): a customer their own while it is PREPARATION, an admin any not DELIVERED.
 * In one transaction: the status (conditional on the status read, so a concurrent change wins or loses cleanly),
 * the bottles back on the shelf (once), the coupon use back (once), the status mail, the audit row and, for a paid online order, the refund row
 * of whatever is not refunded yet; the gateway is asked after the commit (to refund, or to close an unpaid order). Cancelling a cancelled order answers it.
 */
export async function cancelOrder(ctx: AppContext, caller: AuthUser, orderidInput: string, reason: string): Promise<Order> {
  const orderid = withOrderPrefix(orderidInput);
  const isAdmin = caller.roles.includes('ADMIN');
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await findOwnedOrder(trx, orderid, caller, { missing: notYours(orderid) });
    if (row.status === 'CANCELLED') return { refundId: null, stock: false, gatewayOrderId: null };
    if (!isAdmin && row.status !== 'PREPARATION') {
      throw conflict('This order is already on its way, so it can no longer be cancelled here. Please call us and we will help.');
    }
    if (row.status === 'DELIVERED') throw conflict('A delivered order cannot be cancelled; refund it instead.');
    if (!(await markOrderCancelled(trx, row, { reason, by: isAdmin ? 'ADMIN' : 'CUSTOMER' }))) {
      throw conflict('The order changed while you were cancelling it. Reload it and try again.');
    }
    // A cancelled order used nothing: its use of a code goes back, so a once-per-customer code works again.
    await releaseCouponUse(trx, row.id);
    let stock = false;
    if (await markStockReturned(trx, row.id)) {
      stock = (await addStock(trx, await orderStockTakes(trx, row.id))).length > 0;
    }
    const order = await findOrderByOrderId(trx, orderid);
    const by = isAdmin ? 'the shop' : 'the customer';
    if (order) await queueStatusMails(trx, order, ctx.config.SHOP_EMAIL, { shopNote: `Cancelled by ${by}. Reason: ${reason}` });
    await writeAudit(trx, { actorUserId: caller.id, action: 'order.cancel', target: orderid, details: { from: row.status, reason, by: isAdmin ? 'ADMIN' : 'CUSTOMER' } });
    const left = row.total_amount - row.refunded_amount;
    const paidOnline = row.paymentmode === 'ONLINE' && row.payment_status === 'PAID' && !!row.paymentid;
    const refundId = paidOnline && left > 0 ? await recordRefund(ctx, trx, row, { amount: left, reason: `Order cancelled: ${reason}`, actorUserId: caller.id }) : null;
    const unpaidOnline = row.paymentmode === 'ONLINE' && row.payment_status !== 'PAID' ? row.gateway_order_id : null;
    return { refundId, stock, gatewayOrderId: unpaidOnline };
  });
  ctx.outbox.kick();
  if (outcome.stock) ctx.catalogue.invalidate();
  if (outcome.refundId) await sendRefund(ctx, outcome.refundId);
  if (outcome.gatewayOrderId) await closeGatewayOrder(ctx, outcome.gatewayOrderId);
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw notYours(orderid);
  return order;
}
