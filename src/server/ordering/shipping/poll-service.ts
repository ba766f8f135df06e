import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scheduleJob } from '../../jobs/schedule-job';
import { courierFor } from '../../shipping/courier-registry';
import { applyScan } from '../workflows/apply-scan';
import { retryCourierCancels } from './courier-cancel';
import { RESUME_AFTER_MS } from './booking-claim';
import { resumeBooking } from './ship-steps';
import { shipmentsToAskAbout, staleBookings, touchShipment } from './shipment-repository';

/** A shipment the courier has told nothing about for this long is asked about (its webhook may have been lost). */
export const QUIET_AFTER_MS = 24 * 3600_000;
const BATCH = 50;

/**
 * Resumes bookings a crash left claimed, asks the courier again to cancel the bookings of cancelled orders it could
 * not cancel then, then asks for the scans of shipments without news for a day and applies each (once, as the
 * webhook would). Answers how many shipments were asked about for scans.
 */
export async function pollQuietShipments(ctx: AppContext, now = Date.now()): Promise<number> {
  const courier = courierFor(ctx);
  for (const claim of await staleBookings(ctx.db, new Date(now - RESUME_AFTER_MS).toISOString(), BATCH)) {
    await resumeBooking(ctx, claim.order_id);
  }
  await retryCourierCancels(ctx, now);
  const quiet = await shipmentsToAskAbout(ctx.db, new Date(now - QUIET_AFTER_MS).toISOString(), BATCH);
  let asked = 0;
  for (const shipment of quiet) {
    if (shipment.status === 'BOOKING' || !shipment.awb || shipment.provider !== courier.name) continue;
    for (const scan of await courier.track(shipment.awb)) await applyScan(ctx, scan);
    await touchShipment(ctx.db, shipment.id);
    asked += 1;
  }
  return asked;
}

/** Polls every SHIPPING_POLL_INTERVAL_MS while the app runs with background jobs on. */
export function scheduleShippingPoll(app: FastifyInstance): void {
  scheduleJob(app, {
    intervalMs: app.ctx.config.SHIPPING_POLL_INTERVAL_MS,
    run: () => pollQuietShipments(app.ctx),
    onError: (err) => app.log.warn({ err }, 'shipping: tracking poll failed; the next run tries again'),
  });
}
