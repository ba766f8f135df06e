import { withOrderPrefix } from '../../../domain/display';
import type { ShipManyResult, ShipmentBody } from '../../../domain/shipping';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { bookOrTakeAwb, orderToShip, shippedOrder, type ShipAnswer } from '../shipping/ship-steps';

/**
 * Ship an order (POST /api/order/:orderid/shipment, DESIGN.md §8.5): check the order may ship; book it with the
 * courier (or take the AWB the owner typed); store the booking, set READY (issuing the invoice) and queue the
 * "shipped" mail in one transaction; schedule the pickup. The courier's scans then move it (apply-scan.ts).
 */
export async function shipOrder(ctx: AppContext, caller: AuthUser, orderidInput: string, body: ShipmentBody): Promise<ShipAnswer> {
  const orderid = withOrderPrefix(orderidInput);
  const row = await orderToShip(ctx, orderid);
  const pickupNote = await bookOrTakeAwb(ctx, caller, row, body);
  ctx.outbox.kick();
  return { order: await shippedOrder(ctx, orderid), pickupNote };
}

/** "Ship selected": each order booked with the courier on its own; one order's refusal does not stop the others. */
export async function shipMany(ctx: AppContext, caller: AuthUser, orderids: readonly string[]): Promise<ShipManyResult[]> {
  const results: ShipManyResult[] = [];
  for (const orderid of new Set(orderids.map(withOrderPrefix))) {
    try {
      const { order, pickupNote } = await shipOrder(ctx, caller, orderid, { mode: 'COURIER' });
      const awb = order.shipment?.awb ?? null;
      results.push({ orderid, ok: true, awb, message: `Booked with ${order.shipment?.courier ?? 'the courier'}, AWB ${awb}.${pickupNote ? ` ${pickupNote}` : ''}` });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ orderid, ok: false, awb: null, message: error.message });
    }
  }
  return results;
}
