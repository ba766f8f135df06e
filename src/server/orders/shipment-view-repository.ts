import type { ShipmentMode, ShipmentView } from '../../domain/shipping';
import type { Executor } from '../db/database';

/** Shipment states an order shows: a booking under way has no AWB yet, and a cancelled one no longer ships it. */
export const SHIPMENT_HIDDEN_STATUSES = ['BOOKING', 'CANCELLED'];

/** The `shipment` of each order (DESIGN.md §8.7) with its scans, oldest first; two queries for any number of orders. */
export async function shipmentViews(executor: Executor, orderRowIds: readonly number[]): Promise<Map<number, ShipmentView>> {
  const views = new Map<number, ShipmentView>();
  if (orderRowIds.length === 0) return views;
  const shipments = await executor
    .selectFrom('shipments')
    .select(['id', 'order_id', 'mode', 'courier', 'awb', 'tracking_url', 'status'])
    .where('order_id', 'in', [...orderRowIds])
    .where('status', 'not in', SHIPMENT_HIDDEN_STATUSES)
    .execute();
  if (shipments.length === 0) return views;
  const events = await executor
    .selectFrom('shipment_events')
    .select(['shipment_id', 'at', 'status', 'location'])
    .where(
      'shipment_id',
      'in',
      shipments.map((s) => s.id),
    )
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const s of shipments) {
    views.set(s.order_id, {
      mode: s.mode as ShipmentMode,
      courier: s.courier,
      awb: s.awb ?? '',
      trackingUrl: s.tracking_url,
      status: s.status,
      events: events.filter((e) => e.shipment_id === s.id).map((e) => ({ at: e.at, status: e.status, location: e.location })),
    });
  }
  return views;
}
