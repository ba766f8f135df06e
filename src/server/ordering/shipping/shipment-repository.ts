// The shipments and their scans: every write to them is here (DESIGN.md §8.1, ordering owns the order's shipment).
import { nowIso, type Executor } from '../../db/database';
import type { ShipmentsTable } from '../../db/schema';
import { packedWeightFromSize } from '../../../domain/shipping';
import type { Booking } from '../../shipping/courier';
import { lockOrderAndRefreshCustomerList } from '../order-write-repository';
import type { Selectable } from 'kysely';

export type ShipmentRow = Selectable<ShipmentsTable>;

export function findShipmentOfOrder(executor: Executor, orderRowId: number): Promise<ShipmentRow | undefined> {
  return executor.selectFrom('shipments').selectAll().where('order_id', '=', orderRowId).executeTakeFirst();
}

export function findShipmentByAwb(executor: Executor, awb: string): Promise<ShipmentRow | undefined> {
  return executor.selectFrom('shipments').selectAll().where('awb', '=', awb).executeTakeFirst();
}

/** Takes the AWB off cancelled shipments of other orders, so this order's shipment may have it (awb-taken.ts). */
export async function freeCancelledAwb(executor: Executor, awb: string, orderRowId: number): Promise<void> {
  await executor.updateTable('shipments').set({ awb: null, updated_at: nowIso() }).where('awb', '=', awb).where('status', '=', 'CANCELLED').where('order_id', '<>', orderRowId).execute();
}

/**
 * Claims the order's shipment for a courier booking before the courier is asked: BOOKING, no AWB. Answers false when
 * another booking holds it (the unique order_id, or a row that is not cancelled). A cancelled shipment's row is reused.
 */
export async function claimBooking(executor: Executor, orderRowId: number, weightGrams: number): Promise<boolean> {
  const now = nowIso();
  const reused = await executor
    .updateTable('shipments')
    .set((eb) => ({ attempt: eb('attempt', '+', 1), status: 'BOOKING', mode: 'COURIER', provider: '', courier: '', awb: null, tracking_url: '', provider_order_id: null, provider_shipment_id: null, weight_grams: weightGrams, pickup_scheduled_at: null, last_news_at: now, updated_at: now }))
    .where('order_id', '=', orderRowId)
    .where('status', '=', 'CANCELLED')
    .executeTakeFirst();
  if (Number(reused.numUpdatedRows) === 1) return true;
  const inserted = await executor
    .insertInto('shipments')
    .values({ order_id: orderRowId, mode: 'COURIER', provider: '', courier: '', awb: null, tracking_url: '', status: 'BOOKING', weight_grams: weightGrams, last_news_at: now, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives up a claim the courier surely did not act on (it refused), so the owner may try again. */
export async function releaseBooking(executor: Executor, orderRowId: number): Promise<void> {
  await executor.updateTable('shipments').set({ status: 'CANCELLED', updated_at: nowIso() }).where('order_id', '=', orderRowId).where('status', '=', 'BOOKING').execute();
}

/** Stores the courier's booking on the claimed row; false when the row is no longer BOOKING (stored meanwhile). */
export async function saveBooking(executor: Executor, orderRowId: number, provider: string, booking: Booking): Promise<boolean> {
  const now = nowIso();
  const result = await executor
    .updateTable('shipments')
    .set({
      provider,
      courier: booking.courier,
      awb: booking.awb,
      tracking_url: booking.trackingUrl,
      provider_order_id: booking.providerOrderId,
      provider_shipment_id: booking.providerShipmentId,
      status: 'BOOKED',
      last_news_at: now,
      updated_at: now,
    })
    .where('order_id', '=', orderRowId)
    .where('status', '=', 'BOOKING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A shipment the owner booked elsewhere and typed in; false when the order already has one that is not cancelled. */
export async function saveManualShipment(
  executor: Executor,
  orderRowId: number,
  manual: { courier: string; awb: string; trackingUrl: string; weightGrams: number },
): Promise<boolean> {
  const now = nowIso();
  const fields = { mode: 'MANUAL', provider: 'manual', courier: manual.courier, awb: manual.awb, tracking_url: manual.trackingUrl, status: 'BOOKED', weight_grams: manual.weightGrams, last_news_at: now, updated_at: now };
  const reused = await executor
    .updateTable('shipments')
    .set((eb) => ({ ...fields, attempt: eb('attempt', '+', 1) }))
    .where('order_id', '=', orderRowId).where('status', '=', 'CANCELLED').executeTakeFirst();
  if (Number(reused.numUpdatedRows) === 1) return true;
  const inserted = await executor
    .insertInto('shipments')
    .values({ order_id: orderRowId, ...fields, created_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function setPickup(executor: Executor, shipmentId: number, pickupDate: string): Promise<void> {
  await executor.updateTable('shipments').set({ pickup_scheduled_at: pickupDate, updated_at: nowIso() }).where('id', '=', shipmentId).execute();
}

/**
 * Cancels a booked shipment not yet picked up, and shows it so in the customer's order list (see
 * lockOrderAndRefreshCustomerList); false when a scan or another cancel came first.
 */
export async function cancelBookedShipment(executor: Executor, shipmentId: number): Promise<boolean> {
  const cancelled = await executor
    .updateTable('shipments')
    .set({ status: 'CANCELLED', updated_at: nowIso() })
    .where('id', '=', shipmentId)
    .where('status', '=', 'BOOKED')
    .returning('order_id')
    .executeTakeFirst();
  if (!cancelled) return false;
  await lockOrderAndRefreshCustomerList(executor, cancelled.order_id);
  return true;
}

/** Keeps a scan once: false when the shipment already has it (a webhook or a poll repeating itself). */
export async function insertScan(executor: Executor, shipmentId: number, scan: { key: string; status: string; at: string; location: string }): Promise<boolean> {
  const result = await executor
    .insertInto('shipment_events')
    .values({ shipment_id: shipmentId, scan_key: scan.key.slice(0, 200), status: scan.status, at: scan.at, location: scan.location.slice(0, 120), created_at: nowIso() })
    .onConflict((oc) => oc.columns(['shipment_id', 'scan_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves the shipment to `status` only from the one read (a concurrent scan wins or loses cleanly). */
export async function advanceShipment(executor: Executor, shipmentId: number, from: string, status: string): Promise<boolean> {
  const now = nowIso();
  const result = await executor.updateTable('shipments').set({ status, last_news_at: now, updated_at: now }).where('id', '=', shipmentId).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function touchShipment(executor: Executor, shipmentId: number): Promise<void> {
  await executor.updateTable('shipments').set({ last_news_at: nowIso() }).where('id', '=', shipmentId).execute();
}

/** Shipments on their way with no news since `before`, and bookings left half-done before then (a crash). */
export function shipmentsToAskAbout(executor: Executor, before: string, limit: number): Promise<ShipmentRow[]> {
  return executor
    .selectFrom('shipments')
    .selectAll()
    .where('status', 'not in', ['CANCELLED', 'DELIVERED', 'RTO_DELIVERED'])
    .where('provider', '<>', 'manual')
    .where('last_news_at', '<', before)
    .orderBy('last_news_at')
    .limit(limit)
    .execute();
}

/** Bookings claimed before `before` and never stored: a crash cut them short. */
export function staleBookings(executor: Executor, before: string, limit: number): Promise<ShipmentRow[]> {
  return executor.selectFrom('shipments').selectAll().where('status', '=', 'BOOKING').where('updated_at', '<', before).orderBy('updated_at').limit(limit).execute();
}

/** The order's packed weight: each line's size weight (the studio's, or the size's rule) times the bottles. */
export async function packedWeightOfOrder(executor: Executor, orderRowId: number): Promise<number> {
  const lines = await executor
    .selectFrom('order_lines as l')
    .leftJoin('product_sizes as s', (join) => join.onRef('s.product_id', '=', 'l.product_id').onRef('s.size_ml', '=', 'l.size_ml'))
    .select(['l.size_ml', 'l.item_qty', 's.weight_grams'])
    .where('l.order_id', '=', orderRowId)
    .execute();
  return lines.reduce((sum, l) => sum + (l.weight_grams || packedWeightFromSize(l.size_ml)) * l.item_qty, 0);
}

/** The order's lines in their order, for the courier's booking. */
export function linesOfOrder(executor: Executor, orderRowId: number) {
  return executor.selectFrom('order_lines').selectAll().where('order_id', '=', orderRowId).orderBy('position').execute();
}

/**
 * Courier bookings still BOOKED for orders cancelled between `from` and `to`: the courier was not told yet (it could
 * not be reached, or refused), so the poll asks it again.
 */
export function bookingsOfCancelledOrders(executor: Executor, provider: string, window: { from: string; to: string }, limit: number) {
  return executor
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id as shipmentId', 'o.orderid', 's.awb', 's.provider'])
    .where('s.status', '=', 'BOOKED')
    .where('s.mode', '=', 'COURIER')
    .where('s.provider', '=', provider)
    .where('o.status', '=', 'CANCELLED')
    .where('o.cancelled_at', '>', window.from)
    .where('o.cancelled_at', '<', window.to)
    .orderBy('o.cancelled_at')
    .limit(limit)
    .execute();
}
