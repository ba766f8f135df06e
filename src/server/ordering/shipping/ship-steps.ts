// The steps of shipping an order (../workflows/ship-order.ts), and resuming a booking a crash cut short.
import type { Order } from '../../../domain/schemas/order';
import type { ShipmentBody } from '../../../domain/shipping';
import { writeAudit } from '../../audit/audit-log';
import type { AuthUser } from '../../auth/guards';
import { businessDetails } from '../../business/business-service';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../http/errors';
import { issueInvoiceForStatus } from '../../invoicing/invoice-service';
import { findOrderByOrderId, findOrderRow, findOrderRowById, lockOrderRowById } from '../../orders/order-repository';
import { CourierError, type Booking, type BookingInput } from '../../shipping/courier';
import { courierFor } from '../../shipping/courier-registry';
import { setOrderStatus } from '../order-status-repository';
import { queueMessageForOrderRow } from '../../messages/index';
import { markConfirmed } from '../cod-confirmation-repository';
import { RESUME_AFTER_MS } from './booking-claim';
import { awbRaceLost, checkAwbIsFree } from './awb-taken';
import { cancelCourierBooking, type CourierBooking } from './courier-cancel';
import { queueShippedMail } from './shipped-mail';
import {
  claimBooking,
  findShipmentOfOrder,
  linesOfOrder,
  packedWeightOfOrder,
  releaseBooking,
  saveBooking,
  saveManualShipment,
  setPickup,
} from './shipment-repository';


const noOrder = (orderid: string) => notFound(`There is no order ${orderid}. Check the order id and try again.`);

/** What the owner reads after shipping: the order with its shipment, and a note when the pickup could not be asked. */
export interface ShipAnswer {
  order: Order;
  pickupNote: string | null;
}

/** The order to ship, refused (409) when it is cancelled, already shipped or not paid yet. */
export async function orderToShip(ctx: AppContext, orderid: string): Promise<OrderRow> {
  const row = await findOrderRow(ctx.db, orderid);
  if (!row) throw noOrder(orderid);
  refuseUnshippable(row);
  return row;
}

/**
 * Books the parcel with the courier, or takes the AWB the owner typed; either way the booking is stored, the order
 * set READY (with its invoice) and the "shipped" mail queued in one transaction. Answers a note when the pickup could
 * not be asked.
 */
export async function bookOrTakeAwb(ctx: AppContext, caller: AuthUser, row: OrderRow, body: ShipmentBody): Promise<string | null> {
  const weightGrams = await packedWeightOfOrder(ctx.db, row.id);
  if (body.mode !== 'MANUAL') return bookWithCourier(ctx, caller, row, weightGrams);
  await recordManualShipment(ctx, caller, row, { courier: body.courier ?? '', awb: body.awb ?? '', trackingUrl: body.trackingUrl ?? '', weightGrams });
  return null;
}

export async function shippedOrder(ctx: AppContext, orderid: string): Promise<Order> {
  const order = await findOrderByOrderId(ctx.db, orderid);
  if (!order) throw noOrder(orderid);
  return order;
}

function refuseUnshippable(row: OrderRow): void {
  if (row.status === 'CANCELLED') throw conflict(`Order ${row.orderid} is cancelled, so it does not ship.`);
  if (row.status === 'DELIVERED' || row.status === 'RETURNED' || row.status === 'OUTFORDELIVERY') {
    throw conflict(`Order ${row.orderid} has already shipped.`);
  }
  if (row.paymentmode === 'ONLINE' && row.payment_status !== 'PAID') {
    throw conflict(`Order ${row.orderid} is not paid yet; ship it once the payment is in.`);
  }
}

async function recordManualShipment(
  ctx: AppContext,
  caller: AuthUser,
  row: OrderRow,
  manual: { courier: string; awb: string; trackingUrl: string; weightGrams: number },
): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const current = await lockOrderRowById(trx, ctx.dialect, row.id);
      if (!current) throw noOrder(row.orderid);
      refuseUnshippable(current);
      await checkAwbIsFree(trx, manual.awb, row.id, 'typed');
      if (!(await saveManualShipment(trx, row.id, manual))) throw alreadyShipped(row.orderid);
      await markShipped(trx, caller, current, manual);
    });
  } catch (error) {
    throw await awbRaceLost(ctx.db, error, manual.awb, 'typed');
  }
}

/**
 * Claims the shipment (BOOKING) before asking the courier, so a second press cannot book twice; a claim left by a
 * crash before the AWB was stored is resumed, and the courier answers the booking it already made for this order.
 */
async function bookWithCourier(ctx: AppContext, caller: AuthUser | null, row: OrderRow, weightGrams: number): Promise<string | null> {
  const courier = courierFor(ctx);
  const existing = await findShipmentOfOrder(ctx.db, row.id);
  const resuming = existing?.status === 'BOOKING';
  if (resuming && Date.now() - Date.parse(existing.updated_at) < RESUME_AFTER_MS) {
    throw conflict(`Order ${row.orderid} is being booked with the courier right now. Reload it in a minute.`);
  }
  if (existing && !resuming && existing.status !== 'CANCELLED') throw alreadyShipped(row.orderid);
  if (!resuming && !(await claimBooking(ctx.db, row.id, weightGrams))) throw alreadyShipped(row.orderid);
  const attempt = (await findShipmentOfOrder(ctx.db, row.id))?.attempt ?? 1;
  let booking: Booking;
  try {
    booking = await courier.book(await bookingInput(ctx, row, weightGrams, attempt));
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.definite) await releaseBooking(ctx.db, row.id);
    throw new HttpError(error.definite ? 422 : 503, error.definite ? 'COURIER_REFUSED' : 'COURIER_UNAVAILABLE', error.message);
  }
  // Another order's AWB is not stored, nor its pickup asked: the claim is kept, so once the owner has put the other
  // order right, Ship (or the poll) resumes this same booking.
  await checkAwbIsFree(ctx.db, booking.awb, row.id, 'courier');
  let pickup: { pickupDate: string } | null = null;
  let pickupNote: string | null = null;
  try {
    pickup = await courier.schedulePickup(booking);
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    pickupNote = `The shipment is booked, but the pickup was not scheduled: ${error.message}`;
  }
  const cancelledMeanwhile = await storeBooking(ctx, caller, row, booking, pickup).catch(async (error: unknown) => {
    throw await awbRaceLost(ctx.db, error, booking.awb, 'courier');
  });
  if (cancelledMeanwhile) throw await bookedAfterCancel(ctx, caller, cancelledMeanwhile);
  return pickupNote;
}

/**
 * Stores the courier's booking with the order READY, in one transaction; answers the booking to cancel when the
 * order was cancelled while the courier was booking it.
 */
async function storeBooking(ctx: AppContext, caller: AuthUser | null, row: OrderRow, booking: Booking, pickup: { pickupDate: string } | null): Promise<CourierBooking | null> {
  const courier = courierFor(ctx);
  return ctx.db.transaction().execute(async (trx): Promise<CourierBooking | null> => {
    // The order is read again, locked: a cancellation that committed while the courier was booking is seen here,
    // and one that comes later waits for this commit and then finds the booking to cancel (courier-cancel.ts).
    const current = await lockOrderRowById(trx, ctx.dialect, row.id);
    const stored = await saveBooking(trx, row.id, courier.name, booking);
    const saved = await findShipmentOfOrder(trx, row.id);
    // Stored meanwhile by another press that resumed the same booking: that one sent the mail. Not stored because the
    // poll released the claim of the order cancelled meanwhile: this booking is nobody's, so it is cancelled below.
    if (!stored && (current?.status !== 'CANCELLED' || !saved || saved.awb === booking.awb)) return null;
    if (stored && pickup && saved) await setPickup(trx, saved.id, pickup.pickupDate);
    if (current && current.status !== 'CANCELLED') {
      await markShipped(trx, caller, current, booking);
      return null;
    }
    await writeAudit(trx, { actorUserId: caller?.id ?? null, action: 'order.ship.after.cancel', target: row.orderid, details: { courier: booking.courier, awb: booking.awb } });
    return saved ? { shipmentId: saved.id, orderid: row.orderid, awb: booking.awb, provider: courier.name } : null;
  });
}

/**
 * The order was cancelled while the courier was booking its parcel: nothing is marked shipped and no "shipped" mail
 * or message goes; the courier is asked to cancel the booking at once (the poll asks again if it refuses).
 */
async function bookedAfterCancel(ctx: AppContext, caller: AuthUser | null, booking: CourierBooking): Promise<HttpError> {
  const cancelled = await cancelCourierBooking(ctx, booking, caller?.id ?? null, true);
  return conflict(
    cancelled
      ? `Order ${booking.orderid} was cancelled while the courier was booking it, so that booking (AWB ${booking.awb}) has been cancelled too.`
      : `Order ${booking.orderid} was cancelled while the courier was booking it, and the courier did not agree to cancel booking AWB ${booking.awb} yet. ` +
          'The shop asks again with each tracking poll; you can also press Cancel shipment on the order, or cancel it with the courier.',
  );
}

/**
 * Booking sets READY (issuing the invoice), queues the "shipped" mail and WhatsApp message, and writes the audit row.
 * Shipping a COD order that waits for the customer's confirmation counts as the owner's confirmation (the dashboard
 * asked first), so neither the expiry nor a late "cancel" can cancel a parcel on its way.
 */
async function markShipped(trx: Executor, caller: AuthUser | null, row: OrderRow, shipment: { courier: string; awb: string; trackingUrl: string }) {
  if (row.status === 'PREPARATION') await setOrderStatus(trx, row.orderid, 'READY');
  await markConfirmed(trx, row.id, 'SHOP');
  await issueInvoiceForStatus(trx, row.id, 'READY');
  await queueShippedMail(trx, row, shipment);
  await queueMessageForOrderRow(trx, row.id, 'SHIPPED', { awb: shipment.awb, trackingLink: shipment.trackingUrl || 'the Track page of our shop' });
  await writeAudit(trx, { actorUserId: caller?.id ?? null, action: 'order.ship', target: row.orderid, details: { courier: shipment.courier, awb: shipment.awb } });
}

export async function bookingInput(ctx: AppContext, row: OrderRow, weightGrams: number, attempt = 1): Promise<BookingInput> {
  const business = await businessDetails(ctx.db);
  const lines = await linesOfOrder(ctx.db, row.id);
  return {
    reference: attempt > 1 ? `${row.orderid}-${attempt}` : row.orderid,
    orderid: row.orderid,
    orderDate: row.created_at,
    pickup: { name: business.legalName, address: business.addressLine, city: business.city, state: business.state, pincode: business.pincode, phone: business.carePhone, email: business.careEmail },
    deliverTo: { name: row.username, address: row.address, city: row.district, state: row.state, pincode: row.pincode, phone: row.mobilenumber, email: row.emailaddress },
    items: lines.map((l) => ({ name: `${l.name} ${l.size_ml} ml`, sku: `${l.product_id ?? 'x'}-${l.size_ml}`, units: l.item_qty, sellingPrice: l.unit_price })),
    total: row.total_amount,
    subtotal: row.subtotal,
    cod: row.paymentmode === 'CASHONDELIVERY',
    weightGrams,
  };
}

/**
 * Resumes a booking a crash left claimed (the poll finds it a minute on): the courier answers the booking it holds for
 * the reference, and the shop stores it as if the owner had pressed Ship again. Answers the AWB, or null when the
 * courier refused (the claim is then released for the owner) or the order no longer waits for it.
 */
export async function resumeBooking(ctx: AppContext, orderRowId: number): Promise<string | null> {
  const row = await findOrderRowById(ctx.db, orderRowId);
  const shipment = row && (await findShipmentOfOrder(ctx.db, row.id));
  if (!row || shipment?.status !== 'BOOKING') return null;
  try {
    refuseUnshippable(row);
  } catch {
    // Cancelled meanwhile: nothing is to ship; a booking the courier holds is the owner's to cancel there.
    await releaseBooking(ctx.db, row.id);
    return null;
  }
  try {
    await bookWithCourier(ctx, null, row, shipment.weight_grams);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return null;
  }
  ctx.outbox.kick();
  return (await findShipmentOfOrder(ctx.db, row.id))?.awb ?? null;
}

const alreadyShipped = (orderid: string) =>
  conflict(`Order ${orderid} already has a shipment. Cancel that shipment first if you want to book it again.`);
