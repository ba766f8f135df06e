import type { AppContext } from '../context';
import type { PaymentGateway } from './gateway';
import { createDisabledGateway } from './disabled-gateway';
import { chooseGateway } from './gateway-choice';
import { createRazorpayGateway } from './razorpay-gateway';
import { createSandboxGateway } from './sandbox/sandbox-gateway';

const gateways = new WeakMap<AppContext, PaymentGateway>();

/**
 * The app's gateway: Razorpay when its key id and secret are configured, otherwise the sandbox where chooseGateway
 * allows it, otherwise none (cash on delivery only).
 * One per app, so the sandbox's secrets are read from the database once.
 */
export function gatewayFor(ctx: AppContext): PaymentGateway {
  let gateway = gateways.get(ctx);
  if (!gateway) {
    const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = ctx.config;
    const kind = chooseGateway(ctx.config).kind;
    gateway =
      kind === 'razorpay' && RAZORPAY_KEY_ID && RAZORPAY_KEY_SECRET
        ? createRazorpayGateway({ keyId: RAZORPAY_KEY_ID, keySecret: RAZORPAY_KEY_SECRET, webhookSecret: RAZORPAY_WEBHOOK_SECRET })
        : kind === 'sandbox'
          ? createSandboxGateway(ctx.db, { extraKeyId: ctx.config.PAYMENT_SANDBOX_KEY_ID })
          : createDisabledGateway();
    gateways.set(ctx, gateway);
  }
  return gateway;
}

/** Tests swap in a stand-in gateway (e.g. Razorpay with a fake client) before the first request. */
export function useGateway(ctx: AppContext, gateway: PaymentGateway): void {
  gateways.set(ctx, gateway);
}
