// The steps of cancelling an order (workflows/cancel-order.ts): all but the last few in the cancellation's transaction.
import type { CreditNoteDocument } from '../../domain/india/invoice-document';
import { formatShopDateTime } from '../../domain/display';
import type { Order } from '../../domain/schemas/order';
import { parcelAway } from '../../domain/shipping';
import { isAdminCancellable, isCustomerCancellable, isReturnRefundable, wasDelivered } from '../../domain/refunds';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { writeAudit } from '../audit/audit-log';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { queueStatusMails } from '../email-templates/status-mail-service';
import { releaseCouponUse } from '../coupons/coupon-repository';
import { conflict, HttpError } from '../http/errors';
import { creditWhatIsLeft } from '../invoicing/invoice-service';
import { gatewayFor } from '../payments/gateway-registry';
import { findOrderByOrderId } from '../orders/order-repository';
import { findOwnedOrder } from '../orders/owned-order';
import { markOrderCancelled } from './order-status-repository';
import { cancelCourierBooking, type CourierBooking } from './shipping/courier-cancel';
import { findShipmentOfOrder } from './shipping/shipment-repository';
import { recordRefund, sendRefund } from './refund-service';
import { returnOrderBottles } from '../stock/stock-holds';

export const notYours = (orderid: string) => `There is no order ${orderid} on your account. Check the order id and try again.`;

/**
 * Stops the gateway taking money for a cancelled order, where the gateway can (Razorpay cannot close an order). A
 * payment that gets through anyway is refunded when it settles, so a failure here is only logged by the gateway.
 */
export async function closeGatewayOrder(ctx: AppContext, gatewayOrderId: string): Promise<void> {
  const gateway = gatewayFor(ctx);
  if (!gateway.closeOrder) return;
  try {
    await gateway.closeOrder(gatewayOrderId);
  } catch {
    // Settlement refunds whatever arrives for a cancelled order; nothing more to do here.
  }
}

export type CancelledBy = 'ADMIN' | 'CUSTOMER';

export const cancelledBy = (caller: AuthUser): CancelledBy => (caller.roles.includes('ADMIN') ? 'ADMIN' : 'CUSTOMER');

/** The caller's order (an admin: any), read in the cancellation's transaction. */
export async function orderToCancel(trx: Executor, caller: AuthUser, orderid: string): Promise<OrderRow> {
  return findOwnedOrder(trx, orderid, caller, { missing: notYours(orderid) });
}

/**
 * A customer cancels only while the order is in preparation; nobody cancels an order once delivered (it is refunded),
 * even when an admin set its status back afterwards: its bottles are with the customer.
 */
export function refuseCancelling(row: OrderRow, by: CancelledBy): void {
  const delivered = wasDelivered({ status: row.status, deliveredAt: row.delivered_at });
  if (by === 'CUSTOMER' && !isCustomerCancellable({ status: row.status, deliveredAt: row.delivered_at })) {
    throw conflict(
      delivered
        ? 'This order has been delivered, so it can no longer be cancelled. Please call us and we will help.'
        : 'This order is already on its way, so it can no longer be cancelled here. Please call us and we will help.',
    );
  }
  if (row.status === 'DELIVERED') throw conflict('A delivered order cannot be cancelled; refund it instead.');
  if (row.delivered_at) {
    throw conflict(
      `This order was delivered on ${formatShopDateTime(row.delivered_at)} and its status set back after that. A delivered order cannot be cancelled; refund it instead.`,
    );
  }
  const facts = { status: row.status, paymentmode: row.paymentmode, paymentstatus: row.payment_status };
  // A returned parcel paid online is refunded instead (isReturnedParcelToRefund); one paid on delivery owes nothing.
  if (!isAdminCancellable(facts) && !isReturnRefundable(facts)) {
    throw conflict('This order came back from the courier and was not paid online: its bottles are back on the shelf and its invoice is credited, so there is nothing to cancel.');
  }
}

/**
 * A parcel back with us, paid online, has nothing left to cancel but its payment: a cancel of it (an API caller's;
 * the order page offers "Refund the payment") refunds what is left, as that action does, and the order stays
 * RETURNED, with no cancellation mail and no bottles back a second time.
 */
export const isReturnedParcelToRefund = (row: OrderRow): boolean =>
  isReturnRefundable({ status: row.status, paymentmode: row.paymentmode, paymentstatus: row.payment_status });

/** Another change to the order committed between reading it and cancelling it. */
export class OrderChangedMeanwhile extends HttpError {
  constructor() {
    super(409, 'CONFLICT', 'The order changed while you were cancelling it. Reload it and try again.');
  }
}

/** Sets CANCELLED only if the status is still the one read, so a concurrent change wins or loses cleanly. */
export async function setCancelled(trx: Executor, row: OrderRow, reason: string, by: CancelledBy): Promise<void> {
  if (!(await markOrderCancelled(trx, row, { reason, by }))) throw new OrderChangedMeanwhile();
}

/**
 * A cancelled order used nothing: its use of a code goes back (so a once-per-customer code works again) and its
 * bottles go back on the shelf, each once. A parcel the courier has picked up keeps its bottles until the courier
 * returns it (order-moves.ts), so the shelf never shows bottles that are on a truck. True when bottles the storefront
 * shows came back.
 */
export async function giveBackCouponAndBottles(trx: Executor, orderRowId: number, parcelAway: boolean): Promise<boolean> {
  // The bottles' rows before the code's, in the order a new order takes them: the other way round, a cancel and an
  // order sharing a size and a code deadlock on PostgreSQL.
  const stock = parcelAway ? false : await returnOrderBottles(trx, orderRowId);
  await releaseCouponUse(trx, orderRowId);
  return stock;
}

/** Whether the courier has picked up the order's parcel and not brought it back (PARCEL_AWAY). */
export async function parcelAwayOf(trx: Executor, orderRowId: number): Promise<boolean> {
  return parcelAway((await findShipmentOfOrder(trx, orderRowId))?.status);
}

/**
 * An issued invoice gets a credit note for a cancellation (DESIGN.md §7.3): a paid order's comes with its refund;
 * what that left uncredited (an order paid on delivery) is credited here. A parcel on its way is credited when the
 * courier returns it, as its bottles are: delivered after all, it was supplied.
 */
export async function creditTheCancelledInvoice(trx: Executor, orderRowId: number, reason: string, parcelAway: boolean): Promise<CreditNoteDocument | null> {
  return parcelAway ? null : creditWhatIsLeft(trx, orderRowId, `Order cancelled: ${reason}`);
}

/** The cancellation mail, with the credit note the cancellation issued itself (a refund's goes with the refund mail). */
export async function queueCancelledMail(
  ctx: AppContext,
  trx: Executor,
  cancelled: { orderid: string; reason: string; by: CancelledBy; creditNote: CreditNoteDocument | null },
): Promise<void> {
  const order = await findOrderByOrderId(trx, cancelled.orderid);
  const who = cancelled.by === 'ADMIN' ? 'the shop' : 'the customer';
  const shopNote = `Cancelled by ${who}. Reason: ${cancelled.reason}`;
  if (order) await queueStatusMails(trx, order, ctx.config.SHOP_EMAIL, { shopNote, creditNote: cancelled.creditNote, publicUrl: ctx.config.PUBLIC_URL });
}

export async function auditCancel(trx: Executor, caller: AuthUser, row: OrderRow, reason: string, by: CancelledBy): Promise<void> {
  await writeAudit(trx, { actorUserId: caller.id, action: 'order.cancel', target: row.orderid, details: { from: row.status, reason, by } });
}

/** For a paid online order, the refund row of whatever is not refunded yet; sent to the gateway after the commit. */
export async function recordRefundOfWhatWasPaid(ctx: AppContext, trx: Executor, row: OrderRow, reason: string, caller: AuthUser): Promise<string | null> {
  const left = row.total_amount - row.refunded_amount;
  const paidOnline = row.paymentmode === 'ONLINE' && row.payment_status === 'PAID' && !!row.paymentid;
  if (!paidOnline || left <= 0) return null;
  return recordRefund(ctx, trx, row, { amount: left, reason: `Order cancelled: ${reason}`, actorUserId: caller.id });
}

/** The gateway order of an unpaid online order, which the gateway is asked to close after the commit. */
export const unpaidGatewayOrder = (row: OrderRow): string | null =>
  row.paymentmode === 'ONLINE' && row.payment_status !== 'PAID' ? row.gateway_order_id : null;

export interface Cancellation {
  refundId: string | null;
  stock: boolean;
  gatewayOrderId: string | null;
  /** A booking the courier still holds (not picked up): cancelled there after the commit. */
  courierBooking: CourierBooking | null;
}

/**
 * After the commit: wake the mail worker, show the bottles again, ask the gateway to refund or to close, and the
 * courier to cancel its booking (a failure there is recorded for the owner; the cancellation stands).
 */
export async function afterCancelCommit(ctx: AppContext, caller: AuthUser, outcome: Cancellation): Promise<void> {
  ctx.outbox.kick();
  if (outcome.stock) ctx.catalogue.invalidate();
  if (outcome.refundId) await sendRefund(ctx, outcome.refundId);
  if (outcome.gatewayOrderId) await closeGatewayOrder(ctx, outcome.gatewayOrderId);
  if (outcome.courierBooking) await cancelCourierBooking(ctx, outcome.courierBooking, caller.id, true);
}

export async function cancelledOrder(ctx: AppContext, orderid: string): Promise<Order> {
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw notYours(orderid);
  return order;
}
