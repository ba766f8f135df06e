// One protocol, several couriers (DESIGN.md §8.5), like the payment gateway: the order's shipping workflow talks
// only to this interface, so the sandbox courier and Shiprocket are interchangeable and the same tests cover both.
import type { ScanStatus } from '../../domain/shipping';

/** 'off': no courier is connected; the owner ships by hand and types the AWB (manual mode always works). */
export type CourierName = 'shiprocket' | 'sandbox' | 'off';

export interface CourierAddress {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email: string;
}

export interface BookingInput {
  /**
   * The booking's own id: the order id, with `-2`, `-3` … for a booking made again after a cancel. A courier that
   * already has a booking under it answers that booking (a retry after a crash).
   */
  reference: string;
  orderid: string;
  orderDate: string;
  pickup: CourierAddress;
  deliverTo: CourierAddress;
  items: { name: string; sku: string; units: number; sellingPrice: number }[];
  /** Rupees; collected by the courier when `cod`. */
  total: number;
  subtotal: number;
  cod: boolean;
  weightGrams: number;
}

export interface Booking {
  courier: string;
  awb: string;
  trackingUrl: string;
  providerOrderId: string;
  providerShipmentId: string;
}

/** A scan as the courier reports it; `key` is the same each time the courier repeats this scan. */
export interface CourierScan {
  awb: string;
  status: ScanStatus;
  at: string;
  location: string;
  key: string;
}

export interface Courier {
  readonly name: CourierName;
  /** True when no parcel really moves (the sandbox): the admin shows "advance scan" buttons. */
  readonly testMode: boolean;
  book(input: BookingInput): Promise<Booking>;
  /** Asks the courier to collect the parcel; answers the day it will come (YYYY-MM-DD). */
  schedulePickup(booking: Booking): Promise<{ pickupDate: string }>;
  /** The label as a PDF: the courier's own, or null when the shop draws it (sandbox). */
  label(booking: Booking): Promise<Buffer | null>;
  /** Every scan the courier knows for the AWB, oldest first. */
  track(awb: string): Promise<CourierScan[]>;
  /** Cancels a booking not yet picked up. */
  cancel(awb: string): Promise<void>;
  /** The scan in a tracking webhook's body, or null when it carries none the shop understands. */
  scanFromWebhook(body: unknown): CourierScan | null;
}

/**
 * The courier refused (an unserviceable pincode, a wallet too low) or could not be reached. `message` is for the
 * owner, in plain words with what to do; `definite` says the booking surely did not happen, so it may be asked again
 * from scratch (otherwise the next attempt asks the courier for the booking it may have made).
 */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly definite: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CourierError';
  }
}
