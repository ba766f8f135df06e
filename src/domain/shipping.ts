// Shipping with a courier (DESIGN.md §8.5): the scans a courier reports, what each does to the order, and the wire
// shapes of the shipping calls (§8.7). Shared by the browser and the server.
import { z } from 'zod';
import type { OrderStatus } from './order-status';
import { cleanLine } from './clean-line';

export const SHIPMENT_MODES = ['COURIER', 'MANUAL'] as const;
export type ShipmentMode = (typeof SHIPMENT_MODES)[number];

/** The scans, in the order a parcel normally meets them; RTO: return to origin (the parcel comes back). */
export const SCAN_STATUSES = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RTO_INITIATED', 'RTO_DELIVERED'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/** A shipment's own state: booked before any scan, cancelled when the owner cancels it before pickup. */
export type ShipmentStatus = 'BOOKED' | 'CANCELLED' | ScanStatus;

/**
 * The parcel has left the shop and has not come back: its bottles are with the courier or the customer. Cancelling
 * such an order puts them back on the shelf only when the courier returns the parcel (RTO_DELIVERED).
 */
export const PARCEL_AWAY: ReadonlySet<string> = new Set<ShipmentStatus>(['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RTO_INITIATED']);

/** Whether a shipment in this status (none: undefined) has its parcel away (PARCEL_AWAY). */
export const parcelAway = (status: string | undefined): boolean => status !== undefined && PARCEL_AWAY.has(status);

export const SCAN_LABELS: Readonly<Record<ShipmentStatus, string>> = {
  BOOKED: 'Booked with the courier',
  CANCELLED: 'Shipment cancelled',
  PICKED_UP: 'Picked up',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  RTO_INITIATED: 'Returning to us',
  RTO_DELIVERED: 'Returned to us',
};

/**
 * How far along a scan is. A shipment's status is its furthest scan, so a scan that arrives late (out of order)
 * is kept in the list but moves nothing back; DELIVERED and RTO_DELIVERED are ends nothing leaves.
 */
export const SCAN_RANK: Readonly<Record<ShipmentStatus, number>> = {
  CANCELLED: -1,
  BOOKED: 0,
  PICKED_UP: 1,
  IN_TRANSIT: 2,
  OUT_FOR_DELIVERY: 3,
  RTO_INITIATED: 4,
  DELIVERED: 5,
  RTO_DELIVERED: 5,
};

/** The order status a shipment in this state gives its order (picked up and in transit: still READY). */
export function orderStatusForShipment(status: ShipmentStatus): OrderStatus | null {
  switch (status) {
    case 'BOOKED':
    case 'PICKED_UP':
    case 'IN_TRANSIT':
    case 'RTO_INITIATED':
      return 'READY';
    case 'OUT_FOR_DELIVERY':
      return 'OUTFORDELIVERY';
    case 'DELIVERED':
      return 'DELIVERED';
    case 'RTO_DELIVERED':
      return 'RETURNED';
    case 'CANCELLED':
      return null;
  }
}

export function isFinalShipmentStatus(status: ShipmentStatus): boolean {
  return status === 'DELIVERED' || status === 'RTO_DELIVERED' || status === 'CANCELLED';
}

/**
 * The packed weight of a bottle of this size, in grams, when the studio has not set one: ghee weighs about 0.91 g
 * per ml, and the jar with its box about 150 g.
 */
export function packedWeightFromSize(sizeMl: number): number {
  return Math.round(sizeMl * 0.91) + 150;
}

export const shipmentEventSchema = z.object({ at: z.string(), status: z.string(), location: z.string() });
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

/** `shipment` on an order as returned (DESIGN.md §8.7). */
export const shipmentViewSchema = z.object({
  mode: z.enum(SHIPMENT_MODES),
  courier: z.string(),
  awb: z.string(),
  trackingUrl: z.string(),
  status: z.string(),
  events: z.array(shipmentEventSchema),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

const AWB_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
/** The longest courier name kept, typed by the owner or answered by the courier. */
export const COURIER_NAME_MAX = 60;

/** POST /api/order/{orderid}/shipment: a courier booking, or what the owner booked elsewhere. */
export const shipmentBodySchema = z
  .strictObject({
    mode: z.enum(SHIPMENT_MODES, { error: "Choose how the order ships: 'COURIER' (booked from here) or 'MANUAL' (booked elsewhere)." }),
    // Shown to the customer beside the courier's own names, so cleaned the same way (clean-line.ts).
    courier: z
      .string()
      .trim()
      .max(COURIER_NAME_MAX, { error: `The courier name is at most ${COURIER_NAME_MAX} characters.` })
      .transform((name) => cleanLine(name, COURIER_NAME_MAX))
      .optional(),
    awb: z.string().trim().regex(AWB_PATTERN, { error: 'The AWB is 4 to 40 letters, digits or dashes, as printed on the label.' }).optional(),
    trackingUrl: z
      .string()
      .trim()
      .max(500)
      .url({ error: 'The tracking link must be a full web address, starting with https://.' })
      .refine((u) => /^https?:\/\//i.test(u), { error: 'The tracking link must start with https:// or http://.' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode !== 'MANUAL') return;
    if (!body.courier) ctx.addIssue({ code: 'custom', path: ['courier'], message: 'Type the courier the parcel went with.' });
    if (!body.awb) ctx.addIssue({ code: 'custom', path: ['awb'], message: 'Type the AWB (the tracking number) from the courier.' });
  });
export type ShipmentBody = z.infer<typeof shipmentBodySchema>;

export const sandboxScanBodySchema = z.strictObject({
  status: z.enum(SCAN_STATUSES, { error: `The scan is one of ${SCAN_STATUSES.join(', ')}.` }),
  location: z.string().trim().max(80).optional(),
});

export const trackQuerySchema = z.strictObject({
  pincode: z.string().trim().regex(/^\d{6}$/, { error: 'The pincode is the 6 digits of the delivery address.' }),
});

/** GET /api/public/track/{orderid}: status and scans only, nothing about who the customer is. */
export interface TrackAnswer {
  status: OrderStatus;
  courier: string;
  awb: string;
  trackingUrl: string;
  events: ShipmentEvent[];
}

/** Several orders shipped at once from the admin list: each order's outcome. */
export const shipManyBodySchema = z.strictObject({
  orderids: z.array(z.string().trim().min(1).max(64)).min(1, { error: 'Select at least one order.' }).max(50, { error: 'Ship at most 50 orders at once.' }),
});
export interface ShipManyResult {
  orderid: string;
  ok: boolean;
  awb: string | null;
  message: string;
}
