import type { Order } from '../../../domain/schemas/order';
import type { AppContext } from '../../context';
import type { CourierScan } from '../../shipping/courier';
import { shiprocketScanFromWebhook } from '../../shipping/shiprocket-webhook';
import type { MoveOutcome } from '../shipping/order-moves';
import {
  advanceShipmentForward,
  afterScanCommit,
  boundedScan,
  checkWebhookToken,
  isStampedAhead,
  keepScanOnce,
  moveOrderByScan,
  noteIgnoredScan,
  scanMisfit,
  scannedOrder,
  shipmentOfScan,
  type ScanResult,
} from '../shipping/scan-steps';
import { conflict } from '../../http/errors';

const UNKNOWN_AWB = { orderid: null, kept: false, moved: null };

/**
 * Apply a courier's scan, once (DESIGN.md §8.5), in one transaction: a scan stamped days ahead or days before its
 * order, or one for a cancelled shipment, is not applied (noted in the audit log); keep the scan, its text cut short (a repeat stops here); move the
 * shipment forward to it (a late scan is kept in the list and moves nothing); then let the scan's kind move the order
 * (READY, OUTFORDELIVERY, DELIVERED with its mail and invoice, RETURNED with its bottles back and a credit note).
 * Webhooks, the sandbox courier and the poll of quiet shipments (shipping/poll-service.ts) all come here.
 */
export async function applyScan(ctx: AppContext, courierScan: CourierScan, now = Date.now()): Promise<ScanResult> {
  if (isStampedAhead(courierScan, now)) {
    await noteIgnoredScan(ctx, courierScan, 'future');
    return { orderid: null, kept: false, ignored: 'future' };
  }
  const scan = boundedScan(courierScan);
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<ScanResult & { moved: MoveOutcome | null }> => {
    const found = await shipmentOfScan(trx, scan);
    if (!found) return UNKNOWN_AWB;
    const orderid = found.order.orderid;
    const misfit = scanMisfit(found, scan);
    if (misfit) return { orderid, kept: false, moved: null, ignored: misfit };
    if (!(await keepScanOnce(trx, found.shipment.id, scan))) return { orderid, kept: false, moved: null };
    if (!(await advanceShipmentForward(trx, found.shipment, scan))) return { orderid, kept: true, moved: null };
    return { orderid, kept: true, moved: await moveOrderByScan(ctx, trx, found.order, scan) };
  });
  afterScanCommit(ctx, outcome.moved);
  if (outcome.ignored) {
    await noteIgnoredScan(ctx, scan, outcome.ignored);
    return { orderid: outcome.orderid, kept: false, ignored: outcome.ignored };
  }
  return { orderid: outcome.orderid, kept: outcome.kept };
}

/** The owner plays the sandbox courier: the scan comes in as a courier's would, stamped now. */
export async function applySandboxScan(ctx: AppContext, awb: string, status: CourierScan['status'], location: string | undefined): Promise<Order> {
  const at = new Date().toISOString();
  const result = await applyScan(ctx, { awb, status, at, location: location || 'Sandbox hub', key: `${status}@${at}` });
  if (result.ignored === 'cancelled-shipment') throw conflict(`The shipment with AWB ${awb} is cancelled, so its scans are not applied. Ship the order again to play a new one.`);
  return scannedOrder(ctx, result.orderid, awb);
}

/**
 * Shiprocket's tracking webhook: a wrong or missing token is 401; a scan the shop does not act on, or an AWB it
 * does not know, is acknowledged so the courier does not retry it.
 */
export async function receiveTrackingWebhook(ctx: AppContext, apiKey: string | undefined, body: unknown): Promise<ScanResult | null> {
  checkWebhookToken(ctx, apiKey);
  const scan = shiprocketScanFromWebhook(body);
  return scan ? applyScan(ctx, scan) : null;
}
