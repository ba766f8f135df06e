import { orderNumber, parseOrderNumber, withOrderPrefix } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import { SHIPMENT_MODES, type TrackAnswer } from '../../../domain/shipping';
import { writeAudit } from '../../audit/audit-log';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import { conflict, HttpError, notFound } from '../../http/errors';
import { findOrderByOrderId, findOrderRow, findOrderRowById } from '../../orders/order-repository';
import { shipmentViews } from '../../orders/shipment-view-repository';
import { CourierError, type Booking } from '../../shipping/courier';
import { courierFor } from '../../shipping/courier-registry';
import { drawLabelPdf } from '../../shipping/label-pdf';
import { setOrderStatus } from '../order-status-repository';
import { bookingInput } from './ship-steps';
import { cancelBookedShipment, findShipmentOfOrder, type ShipmentRow } from './shipment-repository';

const noShipment = (orderid: string) => notFound(`Order ${orderid} has no shipment yet. Press Ship first.`);

function bookingOf(s: ShipmentRow): Booking {
  return { courier: s.courier, awb: s.awb ?? '', trackingUrl: s.tracking_url, providerOrderId: s.provider_order_id ?? '', providerShipmentId: s.provider_shipment_id ?? '' };
}

async function shippedOrder(ctx: AppContext, orderidInput: string) {
  const orderid = withOrderPrefix(orderidInput);
  const row = await findOrderRow(ctx.db, orderid);
  if (!row) throw notFound(`There is no order ${orderid}. Check the order id and try again.`);
  const shipment = await findShipmentOfOrder(ctx.db, row.id);
  if (!shipment || !shipment.awb || shipment.status === 'CANCELLED' || shipment.status === 'BOOKING') throw noShipment(orderid);
  return { row, shipment };
}

/** The label PDF: the courier's own when it makes one (Shiprocket), else drawn by the shop from the order. */
export async function shipmentLabel(ctx: AppContext, orderidInput: string): Promise<Buffer> {
  const { row, shipment } = await shippedOrder(ctx, orderidInput);
  if (shipment.provider === 'shiprocket') {
    try {
      const pdf = await courierFor(ctx).label(bookingOf(shipment));
      if (pdf) return pdf;
    } catch (error) {
      if (error instanceof CourierError) throw new HttpError(error.definite ? 422 : 503, 'COURIER_REFUSED', error.message);
      throw error;
    }
  }
  const input = await bookingInput(ctx, row, shipment.weight_grams);
  return drawLabelPdf({
    courier: shipment.courier,
    awb: shipment.awb ?? '',
    orderNumber: orderNumber(row.id),
    orderDate: row.created_at,
    from: input.pickup,
    to: input.deliverTo,
    codAmount: input.cod ? row.total_amount : 0,
    weightGrams: shipment.weight_grams,
    items: input.items.map((i) => `${i.units} × ${i.name}`),
  });
}

/**
 * Cancels a booked shipment before the courier picks it up: the courier is told first (a booking it still holds would
 * be charged), then the shipment is CANCELLED and the order back in preparation, ready to ship again.
 */
export async function cancelShipment(ctx: AppContext, caller: AuthUser, orderidInput: string): Promise<Order> {
  const { row, shipment } = await shippedOrder(ctx, orderidInput);
  if (shipment.status !== 'BOOKED') throw conflict(`The courier has already picked up order ${row.orderid}; a shipment on its way cannot be cancelled here.`);
  if (shipment.mode === SHIPMENT_MODES[0] && shipment.provider !== 'manual') {
    try {
      await courierFor(ctx).cancel(shipment.awb ?? '');
    } catch (error) {
      if (error instanceof CourierError) throw new HttpError(error.definite ? 422 : 503, 'COURIER_REFUSED', error.message);
      throw error;
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await cancelBookedShipment(trx, shipment.id))) throw conflict('The shipment changed while you were cancelling it. Reload the order.');
    if (row.status === 'READY') await setOrderStatus(trx, row.orderid, 'PREPARATION');
    await writeAudit(trx, { actorUserId: caller.id, action: 'order.ship.cancel', target: row.orderid, details: { awb: shipment.awb } });
  });
  const order = await findOrderByOrderId(ctx.db, row.orderid);
  if (!order) throw noShipment(row.orderid);
  return order;
}

const NO_SUCH_PAIR = 'No order with that number ships to that pincode. Check the order number in your order mail and the delivery pincode, and try again.';

/**
 * /track (DESIGN.md §8.5): an order found by its number (GS-1043) or id and its delivery pincode, answering its
 * status and scans only. Numbers run in sequence, so the pincode and the per-address rate limit are what keep
 * strangers from reading other people's parcels.
 */
export async function trackOrder(ctx: AppContext, orderidInput: string, pincode: string): Promise<TrackAnswer> {
  const numbered = parseOrderNumber(orderidInput);
  const row = numbered === undefined ? await findOrderRow(ctx.db, withOrderPrefix(orderidInput.trim())) : await findOrderRowById(ctx.db, numbered);
  if (!row || row.pincode !== pincode) throw notFound(NO_SUCH_PAIR);
  const shipment = (await shipmentViews(ctx.db, [row.id])).get(row.id);
  return {
    status: row.status,
    courier: shipment?.courier ?? '',
    awb: shipment?.awb ?? '',
    trackingUrl: shipment?.trackingUrl ?? '',
    events: shipment?.events ?? [],
  };
}

/** Whether the sandbox courier is the shop's (its scan buttons show in the admin). */
export function courierInfo(ctx: AppContext): { courier: string; testMode: boolean } {
  const courier = courierFor(ctx);
  return { courier: courier.name, testMode: courier.testMode };
}

