import { withOrderPrefix } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import {
  afterCancelCommit,
  auditCancel,
  cancelledBy,
  cancelledOrder,
  creditTheCancelledInvoice,
  giveBackCouponAndBottles,
  isReturnedParcelToRefund,
  OrderChangedMeanwhile,
  orderToCancel,
  parcelAwayOf,
  queueCancelledMail,
  recordRefundOfWhatWasPaid,
  refuseCancelling,
  setCancelled,
  unpaidGatewayOrder,
  type Cancellation,
} from '../cancel-steps';
import { refundWhatIsLeftOfTheReturn } from '../returned-refund';
import { courierBookingOf } from '../shipping/courier-cancel';

const NOTHING_TO_UNDO: Cancellation = { refundId: null, stock: false, gatewayOrderId: null, courierBooking: null };

/**
 * Cancel an order (POST /api/order/:orderid/cancel, DESIGN.md §7.3): a customer their own while it is PREPARATION,
 * an admin any not DELIVERED. In one transaction the status, the coupon use and bottles back (a parcel on its way
 * brings them back itself, decision 080), the audit row, the refund row of what was paid, a credit note of what the
 * invoice still owes, and the status mail with that note; the gateway is asked after the commit (to refund, or to close an
 * unpaid order), and so is the courier, to cancel a booking not yet picked up (decision 077). Cancelling a cancelled
 * order answers it, also when two cancels race. A parcel returned to us and paid online is not cancelled: what is
 * left of its payment is refunded, and it stays RETURNED (returned-refund.ts).
 */
export async function cancelOrder(ctx: AppContext, caller: AuthUser, orderidInput: string, reason: string): Promise<Order> {
  const orderid = withOrderPrefix(orderidInput);
  const by = cancelledBy(caller);
  const cancelling = ctx.db.transaction().execute(async (trx): Promise<Cancellation> => {
    const row = await orderToCancel(trx, caller, orderid);
    if (row.status === 'CANCELLED') return NOTHING_TO_UNDO;
    refuseCancelling(row, by);
    if (isReturnedParcelToRefund(row)) return { ...NOTHING_TO_UNDO, refundId: await refundWhatIsLeftOfTheReturn(ctx, trx, row, reason, caller.id) };
    await setCancelled(trx, row, reason, by);
    const parcelAway = await parcelAwayOf(trx, row.id);
    const stock = await giveBackCouponAndBottles(trx, row.id, parcelAway);
    await auditCancel(trx, caller, row, reason, by);
    const refundId = await recordRefundOfWhatWasPaid(ctx, trx, row, reason, caller);
    const creditNote = await creditTheCancelledInvoice(trx, row.id, reason, parcelAway);
    await queueCancelledMail(ctx, trx, { orderid, reason, by, creditNote });
    return { refundId, stock, gatewayOrderId: unpaidGatewayOrder(row), courierBooking: await courierBookingOf(trx, row) };
  });
  const outcome = await cancelling.catch(async (error: unknown) => {
    // Two cancels at once (a double submit): the one that lost the race finds the order cancelled, and answers it
    // as a cancel of a cancelled order does, on either database.
    if (error instanceof OrderChangedMeanwhile && (await orderToCancel(ctx.db, caller, orderid)).status === 'CANCELLED') return NOTHING_TO_UNDO;
    throw error;
  });
  await afterCancelCommit(ctx, caller, outcome);
  return cancelledOrder(ctx, orderid);
}
