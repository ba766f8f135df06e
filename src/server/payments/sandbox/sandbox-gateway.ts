import type { Executor } from '../../db/database';
import type { GatewayPayment, GatewayPaymentStatus, GatewayRefund, PaymentGateway } from '../gateway';
import { createSandboxRefund, listSandboxRefunds, sandboxRefundView } from './sandbox-refunds';
import { newGatewayId } from '../gateway-ids';
import { isValidPaymentSignature, isValidWebhookSignature } from '../signatures';
import {
  closeSandboxOrder,
  findSandboxPayment,
  insertSandboxOrder,
  installationSecret,
  listSandboxPayments,
  type SandboxPaymentRow,
} from './sandbox-repository';

/** Public key id the browser sees; any text works because the sandbox checks it only for equality. */
export const SANDBOX_KEY_ID = 'rzp_test_sandbox';
export const SANDBOX_SCRIPT_URL = '/sandbox/checkout.js';

export interface SandboxSecrets {
  keySecret: string;
  webhookSecret: string;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** The shop's own key id and the one PAYMENT_SANDBOX_KEY_ID names (a client built with its own test key). */
  acceptsKeyId(keyId: string): boolean;
  /** The installation's key and webhook secrets (generated on first use, kept in app_meta). */
  secrets(): Promise<SandboxSecrets>;
  /** Set by the sandbox routes: sends the refund's webhook once it settles, as Razorpay does. */
  onRefund?: (refund: GatewayRefund) => void;
}

export function toGatewayPayment(row: SandboxPaymentRow): GatewayPayment {
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status as GatewayPaymentStatus,
    amount: row.amount,
    errorDescription: row.error_description,
  };
}

/** Razorpay's protocol served from our own database: orders and payments live in sandbox_* tables. */
export function createSandboxGateway(db: Executor, options: { extraKeyId?: string | undefined } = {}): SandboxGateway {
  const keyIds = new Set([SANDBOX_KEY_ID, ...(options.extraKeyId ? [options.extraKeyId] : [])]);
  let cached: Promise<SandboxSecrets> | undefined;
  const secrets = () => {
    cached ??= Promise.all([
      installationSecret(db, 'sandbox_key_secret'),
      installationSecret(db, 'sandbox_webhook_secret'),
    ]).then(([keySecret, webhookSecret]) => ({ keySecret, webhookSecret }));
    // A failed first read (database busy) must not stick for the life of the process.
    cached.catch(() => {
      cached = undefined;
    });
    return cached;
  };

  const gateway: SandboxGateway = {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    testMode: true,
    scriptUrl: SANDBOX_SCRIPT_URL,
    secrets,
    acceptsKeyId: (keyId) => keyIds.has(keyId),

    async createOrder(input) {
      const id = newGatewayId('order_');
      await insertSandboxOrder(db, { id, amount: input.amount, currency: input.currency, receipt: input.receipt });
      return { id, amount: input.amount, currency: input.currency };
    },

    async verifyPaymentSignature(input) {
      return isValidPaymentSignature(input, (await secrets()).keySecret);
    },

    async verifyWebhookSignature(rawBody, signature) {
      return isValidWebhookSignature(rawBody, signature, (await secrets()).webhookSecret);
    },

    async fetchPayment(paymentId) {
      const row = await findSandboxPayment(db, paymentId);
      return row ? toGatewayPayment(row) : null;
    },

    async fetchOrderPayments(orderId) {
      return (await listSandboxPayments(db, orderId)).map(toGatewayPayment);
    },

    async refund(paymentId, amountPaise, notes) {
      const refund = sandboxRefundView(await createSandboxRefund(db, paymentId, amountPaise, notes));
      gateway.onRefund?.(refund);
      return refund;
    },

    async closeOrder(orderId) {
      await closeSandboxOrder(db, orderId);
    },

    async fetchRefunds(paymentId) {
      return (await listSandboxRefunds(db, paymentId)).map((row) => sandboxRefundView(row));
    },
  };
  return gateway;
}
