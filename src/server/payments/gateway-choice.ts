import { sandboxMayRun, type Config } from '../config';

export type GatewayChoice =
  | { kind: 'razorpay'; reason: string }
  | { kind: 'sandbox'; reason: string }
  | { kind: 'off'; reason: string };

/**
 * DESIGN.md §7.1 and §8.8: the sandbox lets anyone "pay" with a test card, so it runs only where config's
 * sandboxMayRun says (a shop only this machine reaches, or PAYMENT_SANDBOX=1). A public shop without Razorpay keys
 * takes cash on delivery only, rather than handing out free orders.
 */
export function chooseGateway(
  config: Pick<Config, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'PAYMENT_SANDBOX' | 'PUBLIC_URL' | 'HOST'>,
): GatewayChoice {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return { kind: 'razorpay', reason: `online payment: Razorpay (key ${config.RAZORPAY_KEY_ID})` };
  }
  const sandbox = sandboxMayRun(config);
  if (sandbox.allowed) {
    const keys = config.PAYMENT_SANDBOX ? '' : ' and no Razorpay keys are set';
    return {
      kind: 'sandbox',
      reason: `online payment: TEST MODE sandbox, because ${sandbox.why}${keys}; no real money moves and anyone who reaches the shop can pay with the test card`,
    };
  }
  return {
    kind: 'off',
    reason:
      `online payment: OFF, cash on delivery only: ${sandbox.why} and RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET are not set. ` +
      'Set the Razorpay keys to take payments (or PAYMENT_SANDBOX=1 for a test shop).',
  };
}
