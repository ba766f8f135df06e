// The steps of applying a courier's scan (../workflows/apply-scan.ts); the first four run in the scan's transaction.
import { timingSafeEqual } from 'node:crypto';
import { cleanLine } from '../../../domain/clean-line';
import { isFinalShipmentStatus, SCAN_RANK, type ShipmentStatus } from '../../../domain/shipping';
import type { Order } from '../../../domain/schemas/order';
import { writeAuditOnce } from '../../audit/audit-log';
import type { AppContext } from '../../context';
import { findOrderByOrderId, findOrderRowById } from '../../orders/order-repository';
import { notFound, unauthorized } from '../../http/errors';
import type { CourierScan } from '../../shipping/courier';
import type { Executor } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { ORDER_MOVES, type MoveOutcome } from './order-moves';
import { lockOrderAndRefreshCustomerList } from '../order-write-repository';
import { advanceShipment, findShipmentByAwb, insertScan, touchShipment, type ShipmentRow } from './shipment-repository';

export interface ScanResult {
  /** The order the scan belongs to; null for an AWB the shop does not know. */
  orderid: string | null;
  /** False for a scan the shipment already had. */
  kept: boolean;
  /** Set when the scan was not believed, or its shipment was cancelled, and nothing of it was applied. */
  ignored?: IgnoredScan;
}

/**
 * Why a scan is not applied: stamped days ahead or days before its order was placed (a courier's clock or zone gone
 * wrong, or a test scan), or meant for a shipment the owner cancelled (the parcel went out anyway: the owner must know).
 */
export type IgnoredScan = 'future' | 'before-order' | 'cancelled-shipment';

/**
 * A scan stamped further ahead than this is not believed: a courier's clock a little fast, or India time written
 * as another zone, stays well inside it; a scan "delivered" next year does not.
 */
export const SCAN_FUTURE_TOLERANCE_MS = 24 * 3600_000;
/** The most of a scan's location the shop keeps: a hub or town name, never a page of text. */
export const SCAN_LOCATION_MAX = 120;

export const isStampedAhead = (scan: CourierScan, now: number) => Date.parse(scan.at) > now + SCAN_FUTURE_TOLERANCE_MS;

/** Why the shipment found for a scan does not take it; null when it does (the same day's tolerance as ahead). */
export function scanMisfit(found: { shipment: ShipmentRow; order: OrderRow }, scan: CourierScan): IgnoredScan | null {
  if (found.shipment.status === 'CANCELLED') return 'cancelled-shipment';
  if (Date.parse(scan.at) < Date.parse(found.order.created_at) - SCAN_FUTURE_TOLERANCE_MS) return 'before-order';
  return null;
}

/**
 * The scan with its location made one clean line of what the shop keeps (cleanLine): the customer's order list and
 * the track page show it, and the courier's webhook is never refused for its text.
 */
export function boundedScan(scan: CourierScan): CourierScan {
  return { ...scan, location: cleanLine(scan.location, SCAN_LOCATION_MAX) };
}

/**
 * A scan not believed is kept out of the shipment and noted for the owner in the audit log, once: the courier's
 * history repeats it each time the quiet shipment is asked about, and a webhook may be sent again.
 */
export async function noteIgnoredScan(ctx: AppContext, scan: CourierScan, reason: IgnoredScan): Promise<void> {
  await writeAuditOnce(ctx.db, { actorUserId: null, action: 'shipment.scan-ignored', target: scan.awb.slice(0, 60), details: { reason, status: scan.status, at: scan.at } });
}

/** The shipment with that AWB and its order; null for an AWB the shop does not know. */
export async function shipmentOfScan(trx: Executor, scan: CourierScan): Promise<{ shipment: ShipmentRow; order: OrderRow } | null> {
  const shipment = await findShipmentByAwb(trx, scan.awb);
  if (!shipment) return null;
  const order = await findOrderRowById(trx, shipment.order_id);
  return order ? { shipment, order } : null;
}

/** Keeps the scan in the shipment's list; false for one it already has (a repeat stops there). */
export async function keepScanOnce(trx: Executor, shipmentId: number, scan: CourierScan): Promise<boolean> {
  return insertScan(trx, shipmentId, scan);
}

/**
 * Moves the shipment to the scan when it is further than where the shipment is; a late scan moves nothing (false).
 * Either way the kept scan shows in the customer's order list.
 * A concurrent scan may move the shipment between the read and the write: read again and decide again.
 */
export async function advanceShipmentForward(trx: Executor, shipment: ShipmentRow, scan: CourierScan): Promise<boolean> {
  let current = shipment.status as ShipmentStatus;
  for (;;) {
    if (isFinalShipmentStatus(current) || SCAN_RANK[scan.status] <= SCAN_RANK[current]) {
      await touchShipment(trx, shipment.id);
      await lockOrderAndRefreshCustomerList(trx, shipment.order_id);
      return false;
    }
    if (await advanceShipment(trx, shipment.id, current, scan.status)) {
      // The order's status may stay as it is (a pickup or transit scan): its customer's list must still change.
      await lockOrderAndRefreshCustomerList(trx, shipment.order_id);
      return true;
    }
    current = (await findShipmentByAwb(trx, scan.awb))!.status as ShipmentStatus;
  }
}

/** The scan's kind moves the order (order-moves.ts): READY, OUTFORDELIVERY, DELIVERED or RETURNED. */
export async function moveOrderByScan(ctx: AppContext, trx: Executor, order: OrderRow, scan: CourierScan): Promise<MoveOutcome> {
  return ORDER_MOVES[scan.status](trx, order, { shopEmail: ctx.config.SHOP_EMAIL, publicUrl: ctx.config.PUBLIC_URL, awb: scan.awb, dialect: ctx.dialect });
}

/** After the commit: the mails go and the shelf is re-read. */
export function afterScanCommit(ctx: AppContext, moved: MoveOutcome | null): void {
  if (moved) ctx.outbox.kick();
  if (moved?.stockReturned) ctx.catalogue.invalidate();
}

/** The order a scan belongs to, as the owner sees it. */
export async function scannedOrder(ctx: AppContext, orderid: string | null, awb: string): Promise<Order> {
  const order = orderid ? await findOrderByOrderId(ctx.db, orderid) : null;
  if (!order) throw notFound(`No shipment has AWB ${awb}. Copy the AWB from the order and try again.`);
  return order;
}

/** Shiprocket's tracking webhook carries the token it was given as x-api-key; a wrong or missing one is 401. */
export function checkWebhookToken(ctx: AppContext, apiKey: string | undefined): void {
  const expected = ctx.config.SHIPROCKET_WEBHOOK_TOKEN;
  if (!expected || !apiKey || !sameText(apiKey, expected)) {
    throw unauthorized('The x-api-key header does not carry the shop’s SHIPROCKET_WEBHOOK_TOKEN.');
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
