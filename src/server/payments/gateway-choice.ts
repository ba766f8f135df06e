import type { Config } from '../config';

export type GatewayChoice =
  | { kind: 'razorpay'; reason: string }
  | { kind: 'sandbox'; reason: string }
  | { kind: 'off'; reason: string };

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * DESIGN.md §7.1: the sandbox lets anyone "pay" with a test card, so it runs only where no stranger can reach the
 * shop (PUBLIC_URL on this machine) or when the owner asks for it with PAYMENT_SANDBOX=1. A public shop without
 * Razorpay keys takes cash on delivery only, rather than handing out free orders.
 */
export function chooseGateway(config: Pick<Config, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'PAYMENT_SANDBOX' | 'PUBLIC_URL'>): GatewayChoice {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return { kind: 'razorpay', reason: `online payment: Razorpay (key ${config.RAZORPAY_KEY_ID})` };
  }
  if (config.PAYMENT_SANDBOX) {
    return { kind: 'sandbox', reason: 'online payment: TEST MODE sandbox, because PAYMENT_SANDBOX=1; no real money moves and anyone can pay with the test card' };
  }
  if (isLoopbackUrl(config.PUBLIC_URL)) {
    return { kind: 'sandbox', reason: `online payment: TEST MODE sandbox, because PUBLIC_URL (${config.PUBLIC_URL}) is this machine and no Razorpay keys are set` };
  }
  return {
    kind: 'off',
    reason:
      `online payment: OFF, cash on delivery only: PUBLIC_URL (${config.PUBLIC_URL}) is public and RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET are not set. ` +
      'Set the Razorpay keys to take payments (or PAYMENT_SANDBOX=1 for a test shop).',
  };
}
