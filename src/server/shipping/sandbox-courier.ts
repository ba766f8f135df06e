import { createHash } from 'node:crypto';
import type { Booking, BookingInput, Courier, CourierScan } from './courier';

export const SANDBOX_COURIER_NAME = 'Sandbox Express';

/** The sandbox's AWB for an order: the same every time it is asked, so a booking repeated after a crash is the same one. */
export function sandboxAwb(reference: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 15)}`).toString().padStart(12, '0').slice(-12);
  return `SBX${digits}`;
}

export interface SandboxCourier extends Courier {
  /** How many distinct bookings the sandbox made (for tests of retries that must not book twice). */
  bookings(): number;
}

/**
 * The sandbox courier (DESIGN.md §8.5): books in the process, answers a label the shop draws, and moves only when the
 * owner presses "advance scan" in the admin, which reports the scan as a webhook would. `publicUrl` makes the
 * tracking link point at the shop's own /track page.
 */
export function createSandboxCourier(publicUrl: string): SandboxCourier {
  const booked = new Map<string, Booking>();
  return {
    name: 'sandbox',
    testMode: true,
    async book(input: BookingInput): Promise<Booking> {
      const known = booked.get(input.reference);
      if (known) return known;
      const awb = sandboxAwb(input.reference);
      const booking: Booking = {
        courier: SANDBOX_COURIER_NAME,
        awb,
        trackingUrl: `${publicUrl}/track/${encodeURIComponent(input.orderid)}`,
        providerOrderId: `sbx_order_${input.reference}`,
        providerShipmentId: `sbx_shipment_${awb}`,
      };
      booked.set(input.reference, booking);
      return booking;
    },
    async schedulePickup() {
      const tomorrow = new Date(Date.now() + 24 * 3600_000);
      return { pickupDate: tomorrow.toISOString().slice(0, 10) };
    },
    async label() {
      return null;
    },
    async track(): Promise<CourierScan[]> {
      // The sandbox's scans arrive only from the admin's buttons; there is nothing more to ask it.
      return [];
    },
    async cancel() {
      // Nothing to undo: a booking made again after a cancel has a reference (and so an AWB) of its own.
    },
    scanFromWebhook() {
      return null;
    },
    bookings() {
      return booked.size;
    },
  };
}
