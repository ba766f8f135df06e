import { timingSafeEqual } from 'node:crypto';
import { isFinalShipmentStatus, SCAN_RANK, type ShipmentStatus } from '../../../domain/shipping';
import type { Order } from '../../../domain/schemas/order';
import type { AppContext } from '../../context';
import { findOrderByOrderId, findOrderRowById } from '../../orders/order-repository';
import { notFound, unauthorized } from '../../http/errors';
import type { CourierScan } from '../../shipping/courier';
import { shiprocketScanFromWebhook } from '../../shipping/shiprocket-webhook';
import { ORDER_MOVES, type MoveOutcome } from './order-moves';
import { advanceShipment, findShipmentByAwb, insertScan, touchShipment } from './shipment-repository';

export interface ScanResult {
  /** The order the scan belongs to; null for an AWB the shop does not know. */
  orderid: string | null;
  /** False for a scan the shipment already had. */
  kept: boolean;
}

/**
 * Applies one courier scan, once (DESIGN.md §8.5), in one transaction: keep the scan (a repeat stops here); move the
 * shipment to it when it is further than where the shipment is (a late scan is kept in the list and moves nothing);
 * then let the scan's kind move the order (order-moves.ts). After the commit the mails go and the shelf is re-read.
 */
export async function applyScan(ctx: AppContext, scan: CourierScan): Promise<ScanResult> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const shipment = await findShipmentByAwb(trx, scan.awb);
    if (!shipment) return { orderid: null, kept: false, moved: null };
    const order = await findOrderRowById(trx, shipment.order_id);
    if (!order) return { orderid: null, kept: false, moved: null };
    if (!(await insertScan(trx, shipment.id, scan))) return { orderid: order.orderid, kept: false, moved: null };
    let current = shipment.status as ShipmentStatus;
    // A concurrent scan may move the shipment between the read and the write: read again and decide again.
    for (;;) {
      if (isFinalShipmentStatus(current) || SCAN_RANK[scan.status] <= SCAN_RANK[current]) {
        await touchShipment(trx, shipment.id);
        return { orderid: order.orderid, kept: true, moved: null };
      }
      if (await advanceShipment(trx, shipment.id, current, scan.status)) break;
      current = (await findShipmentByAwb(trx, scan.awb))!.status as ShipmentStatus;
    }
    const moved: MoveOutcome = await ORDER_MOVES[scan.status](trx, order, { shopEmail: ctx.config.SHOP_EMAIL, awb: scan.awb });
    return { orderid: order.orderid, kept: true, moved };
  });
  if (outcome.moved) ctx.outbox.kick();
  if (outcome.moved?.stockReturned) ctx.catalogue.invalidate();
  return { orderid: outcome.orderid, kept: outcome.kept };
}

/** The owner plays the sandbox courier: the scan comes in as a courier's would, stamped now. */
export async function applySandboxScan(ctx: AppContext, awb: string, status: CourierScan['status'], location: string | undefined): Promise<Order> {
  const at = new Date().toISOString();
  const result = await applyScan(ctx, { awb, status, at, location: location || 'Sandbox hub', key: `${status}@${at}` });
  const order = result.orderid ? await findOrderByOrderId(ctx.db, result.orderid) : null;
  if (!order) throw notFound(`No shipment has AWB ${awb}. Copy the AWB from the order and try again.`);
  return order;
}

/**
 * Shiprocket's tracking webhook: the token it was given comes back as x-api-key (a wrong or missing one is 401);
 * a scan the shop does not act on, or an AWB it does not know, is acknowledged so the courier does not retry it.
 */
export async function receiveTrackingWebhook(ctx: AppContext, apiKey: string | undefined, body: unknown): Promise<ScanResult | null> {
  const expected = ctx.config.SHIPROCKET_WEBHOOK_TOKEN;
  if (!expected || !apiKey || !sameText(apiKey, expected)) {
    throw unauthorized('The x-api-key header does not carry the shop’s SHIPROCKET_WEBHOOK_TOKEN.');
  }
  const scan = shiprocketScanFromWebhook(body);
  return scan ? applyScan(ctx, scan) : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
