// An AWB names one parcel: shipments.awb is unique, and a courier's scans find their shipment by it. An AWB another
// order's shipment has is a 409 the owner can act on, whether typed (booked elsewhere) or answered by the courier.
import { orderNumber } from '../../../domain/display';
import type { Executor } from '../../db/database';
import { conflict, type HttpError } from '../../http/errors';
import { isUniqueViolation } from '../unique-violation';
import { findShipmentByAwb, freeCancelledAwb } from './shipment-repository';

/** The unique index on shipments.awb: PostgreSQL names the index, SQLite the column. */
export const SHIPMENT_AWB_UNIQUE = ['shipments_awb', 'shipments.awb'] as const;

/** Who put the AWB on this order: the owner typed it, or the courier answered it for its booking. */
export type AwbSource = 'typed' | 'courier';

/**
 * Readies the AWB for the order's shipment, or answers 409 naming the order that has it. A cancelled shipment of
 * another order gives its AWB up: it ships nothing, and the AWB may come back (typed on the wrong order and
 * cancelled, or given again by the courier).
 */
export async function checkAwbIsFree(executor: Executor, awb: string, orderRowId: number, source: AwbSource): Promise<void> {
  await freeCancelledAwb(executor, awb, orderRowId);
  const holder = await findShipmentByAwb(executor, awb);
  if (holder && holder.order_id !== orderRowId) throw awbTaken(awb, holder.order_id, source);
}

/**
 * The error a shipment's write failed with, as the owner should read it: another order's shipment took the AWB
 * between the check and the write (two owners at once) is the same 409; anything else stays as it was.
 */
export async function awbRaceLost(executor: Executor, error: unknown, awb: string, source: AwbSource): Promise<unknown> {
  if (!isUniqueViolation(error, SHIPMENT_AWB_UNIQUE)) return error;
  const holder = await findShipmentByAwb(executor, awb);
  return awbTaken(awb, holder?.order_id, source);
}

function awbTaken(awb: string, holderOrderRowId: number | undefined, source: AwbSource): HttpError {
  // Only admins ship, so naming the other order tells nobody anything new; its number is what the admin list shows.
  const other = holderOrderRowId === undefined ? 'another order' : `order ${orderNumber(holderOrderRowId)}`;
  if (source === 'typed') {
    const message = `AWB ${awb} is already on ${other}. Check the number on the courier's slip; if ${other} has the wrong one, cancel its shipment first.`;
    return conflict(message, { awb: message });
  }
  return conflict(
    `The courier booked this order under AWB ${awb}, but ${other} already has that AWB. ` +
      `If ${other} has the wrong one, cancel its shipment, then press Ship here again; if it is right, ask the courier why it gave AWB ${awb} twice.`,
  );
}
