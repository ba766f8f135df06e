import {
  GatewayUnavailableError,
  toRefundStatus,
  type GatewayRefund,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type PaymentGateway,
} from './gateway';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The few SDK calls we make, so tests can stand in for the network. */
export interface RazorpayClient {
  orders: {
    create(params: { amount: number; currency: string; receipt: string }): Promise<{ id: string; amount: number | string; currency: string }>;
    fetchPayments(orderId: string): Promise<{ items: RazorpayPaymentEntity[] }>;
  };
  payments: {
    fetch(paymentId: string): Promise<RazorpayPaymentEntity>;
    refund(paymentId: string, params: { amount: number; speed: 'normal'; notes: Record<string, string> }): Promise<RazorpayRefundEntity>;
    fetchMultipleRefund(paymentId: string, params?: { count?: number }): Promise<{ items: RazorpayRefundEntity[] }>;
  };
}

/** The fields of Razorpay's refund entity we read (also inside refund.* webhook payloads). */
export interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number | string;
  status: string;
  notes?: Record<string, string> | unknown[] | null;
}

export function toGatewayRefund(entity: RazorpayRefundEntity): GatewayRefund {
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amount: Number(entity.amount),
    status: toRefundStatus(entity.status),
    // Razorpay sends an empty array for "no notes".
    notes: entity.notes && !Array.isArray(entity.notes) ? (entity.notes as Record<string, string>) : {},
  };
}

/** The fields of Razorpay's payment entity we read (also the shape inside webhook payloads). */
export interface RazorpayPaymentEntity {
  id: string;
  order_id?: string | null;
  status: string;
  amount: number | string;
  error_description?: string | null;
}

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
}

const STATUSES: readonly GatewayPaymentStatus[] = ['created', 'authorized', 'captured', 'refunded', 'failed'];

export function toGatewayPayment(entity: RazorpayPaymentEntity): GatewayPayment {
  const status = (STATUSES as readonly string[]).includes(entity.status) ? (entity.status as GatewayPaymentStatus) : 'created';
  return {
    id: entity.id,
    orderId: entity.order_id ?? '',
    status,
    amount: Number(entity.amount),
    errorDescription: entity.error_description ?? null,
  };
}

/** Razorpay answers an unknown id with 400 or 404; anything else (network, 5xx, auth) means we cannot tell. */
function isNotFound(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return status === 400 || status === 404;
}

function unavailable(action: string, error: unknown): GatewayUnavailableError {
  const detail = (error as { error?: { description?: string } } | null)?.error?.description;
  return new GatewayUnavailableError(`Razorpay could not ${action}${detail ? `: ${detail}` : ''}`, { cause: error });
}

export function createRazorpayGateway(keys: RazorpayKeys, client?: RazorpayClient): PaymentGateway {
  // The SDK is loaded on the first call: memory and start-up time that a shop on the sandbox gateway never needs.
  let sdk: Promise<RazorpayClient> | undefined;
  const razorpay = (): Promise<RazorpayClient> =>
    (sdk ??= client
      ? Promise.resolve(client)
      : import('razorpay').then(
          ({ default: Razorpay }) => new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret }) as unknown as RazorpayClient,
        ));
  return {
    name: 'razorpay',
    keyId: keys.keyId,
    testMode: keys.keyId.startsWith('rzp_test_'),
    scriptUrl: RAZORPAY_SCRIPT_URL,

    async createOrder(input): Promise<GatewayOrder> {
      try {
        const order = await (await razorpay()).orders.create(input);
        return { id: order.id, amount: Number(order.amount), currency: order.currency };
      } catch (error) {
        throw unavailable('create the payment order', error);
      }
    },

    async verifyPaymentSignature(input) {
      return isValidPaymentSignature(input, keys.keySecret);
    },

    async verifyWebhookSignature(rawBody, signature) {
      if (!keys.webhookSecret) return false;
      return isValidWebhookSignature(rawBody, signature, keys.webhookSecret);
    },

    async fetchPayment(paymentId) {
      try {
        return toGatewayPayment(await (await razorpay()).payments.fetch(paymentId));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable('look up the payment', error);
      }
    },

    async fetchOrderPayments(orderId) {
      try {
        const { items } = await (await razorpay()).orders.fetchPayments(orderId);
        return items.map(toGatewayPayment);
      } catch (error) {
        if (isNotFound(error)) return [];
        throw unavailable("list the order's payments", error);
      }
    },

    async refund(paymentId, amountPaise, notes) {
      try {
        return toGatewayRefund(await (await razorpay()).payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes }));
      } catch (error) {
        throw unavailable('refund the payment', error);
      }
    },

    async fetchRefunds(paymentId) {
      try {
        const { items } = await (await razorpay()).payments.fetchMultipleRefund(paymentId, { count: 100 });
        return items.map(toGatewayRefund);
      } catch (error) {
        throw unavailable('list the refunds', error);
      }
    },
  };
}
