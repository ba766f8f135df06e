// Telling the courier that a cancelled order's parcel is not coming (decision 077). The courier is asked after the
// order's cancellation has committed, so a courier that is down or refuses never holds up or undoes the cancel; the
// shipment stays BOOKED until the courier agrees, which is what the owner sees and what the poll asks again.
import { writeAudit } from '../../audit/audit-log';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { CourierError } from '../../shipping/courier';
import { courierFor } from '../../shipping/courier-registry';
import { RESUME_AFTER_MS } from './booking-claim';
import { bookingsOfCancelledOrders, cancelBookedShipment, findShipmentOfOrder } from './shipment-repository';

/** The poll asks again for this long after the order was cancelled; after that only the owner's "Cancel shipment". */
export const RETRY_COURIER_CANCEL_FOR_MS = 7 * 24 * 3600_000;
const BATCH = 50;

/** A booking the courier holds for an order: booked from the shop (not typed in) and not yet picked up. */
export interface CourierBooking {
  shipmentId: number;
  orderid: string;
  awb: string;
  provider: string;
}

/** The order's booking to cancel at the courier, read in the cancellation's transaction; null when there is none. */
export async function courierBookingOf(trx: Executor, order: { id: number; orderid: string }): Promise<CourierBooking | null> {
  const shipment = await findShipmentOfOrder(trx, order.id);
  if (!shipment || shipment.status !== 'BOOKED' || shipment.mode !== 'COURIER' || !shipment.awb) return null;
  return { shipmentId: shipment.id, orderid: order.orderid, awb: shipment.awb, provider: shipment.provider };
}

/** Null when the courier cancelled the booking; otherwise what went wrong, for the audit row. */
async function askCourierToCancel(ctx: AppContext, booking: CourierBooking): Promise<{ courierSaid: string; definite: boolean } | null> {
  const courier = courierFor(ctx);
  if (courier.name !== booking.provider) {
    return { courierSaid: `The shipment was booked with ${booking.provider}, which is no longer the shop's courier.`, definite: true };
  }
  try {
    await courier.cancel(booking.awb);
    return null;
  } catch (error) {
    // The order is cancelled already: whatever the courier call threw, the customer's answer must not fail with it.
    if (error instanceof CourierError) return { courierSaid: error.message, definite: error.definite };
    return { courierSaid: error instanceof Error ? error.message : String(error), definite: false };
  }
}

/**
 * Asks the courier to cancel the booking of a cancelled order. Done: the shipment is CANCELLED with an audit row.
 * Not done: the shipment stays BOOKED (the admin order shows it with "Cancel shipment") and, when `recordFailure`,
 * an `order.ship.cancel.failed` audit row says why. Answers whether the courier cancelled it.
 */
export async function cancelCourierBooking(ctx: AppContext, booking: CourierBooking, actorUserId: number | null, recordFailure: boolean): Promise<boolean> {
  const failure = await askCourierToCancel(ctx, booking);
  if (failure) {
    if (recordFailure) {
      const details = { awb: booking.awb, ...failure, retry: 'The shop asks the courier again with each tracking poll; or press Cancel shipment on the order.' };
      await writeAudit(ctx.db, { actorUserId, action: 'order.ship.cancel.failed', target: booking.orderid, details });
    }
    return false;
  }
  await ctx.db.transaction().execute(async (trx) => {
    // A scan that came first (picked up after all) keeps the shipment where the courier says it is.
    if (!(await cancelBookedShipment(trx, booking.shipmentId))) return;
    await writeAudit(trx, { actorUserId, action: 'order.ship.cancel', target: booking.orderid, details: { awb: booking.awb, by: 'order.cancel' } });
  });
  return true;
}

/**
 * The poll's part: bookings of orders cancelled a minute to a week ago that the courier was not able to cancel are
 * asked again (a failure again is not written again). Answers how many the courier cancelled.
 */
export async function retryCourierCancels(ctx: AppContext, now = Date.now()): Promise<number> {
  const window = { from: new Date(now - RETRY_COURIER_CANCEL_FOR_MS).toISOString(), to: new Date(now - RESUME_AFTER_MS).toISOString() };
  let cancelled = 0;
  for (const due of await bookingsOfCancelledOrders(ctx.db, courierFor(ctx).name, window, BATCH)) {
    if (!due.awb) continue;
    if (await cancelCourierBooking(ctx, { ...due, awb: due.awb }, null, false)) cancelled += 1;
  }
  return cancelled;
}
