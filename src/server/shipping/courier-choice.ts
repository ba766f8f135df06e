import { sandboxMayRun, type Config } from '../config';
import type { CourierName } from './courier';

/**
 * DESIGN.md §8.5 and §8.8: Shiprocket when its login is configured; otherwise the sandbox courier on the sandbox
 * gateway's terms (a shop only this machine reaches, or PAYMENT_SANDBOX=1), since anyone who plays the courier could
 * mark parcels delivered; otherwise none, and the owner types what they booked elsewhere.
 */
export function chooseCourier(
  config: Pick<Config, 'SHIPROCKET_EMAIL' | 'SHIPROCKET_PASSWORD' | 'PAYMENT_SANDBOX' | 'PUBLIC_URL' | 'HOST'>,
): { kind: CourierName; reason: string } {
  if (config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) {
    return { kind: 'shiprocket', reason: `shipping: Shiprocket (login ${config.SHIPROCKET_EMAIL})` };
  }
  const sandbox = sandboxMayRun(config);
  if (sandbox.allowed) {
    return { kind: 'sandbox', reason: `shipping: TEST MODE sandbox courier, because ${sandbox.why}; no parcel really moves` };
  }
  return {
    kind: 'off',
    reason: `shipping: no courier connected (${sandbox.why} and SHIPROCKET_EMAIL / SHIPROCKET_PASSWORD are not set); the owner types the AWB of parcels booked elsewhere`,
  };
}
