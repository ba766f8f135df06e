import type { FastifyBaseLogger } from 'fastify';
import { newGatewayId } from '../gateway-ids';
import { webhookSignature } from '../signatures';
import type { SandboxOrderRow, SandboxPaymentRow } from './sandbox-repository';

export type SandboxEventType = 'payment.captured' | 'order.paid' | 'payment.failed';

export interface WebhookDelivery {
  body: string;
  eventId: string;
  signature: string;
}

function paymentEntity(payment: SandboxPaymentRow, order: SandboxOrderRow) {
  const failed = payment.status === 'failed';
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: order.currency,
    status: payment.status,
    order_id: order.id,
    method: 'card',
    captured: payment.status === 'captured',
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: payment.error_description,
    error_source: failed ? 'bank' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    created_at: Math.floor(Date.parse(payment.created_at) / 1000),
  };
}

/** The JSON body Razorpay would post for this event, with the fields our handler and most integrations read. */
export function sandboxEventBody(type: SandboxEventType, payment: SandboxPaymentRow, order: SandboxOrderRow): string {
  const payload: Record<string, unknown> = { payment: { entity: paymentEntity(payment, order) } };
  if (type === 'order.paid') {
    payload.order = {
      entity: {
        id: order.id,
        entity: 'order',
        amount: order.amount,
        amount_paid: order.amount,
        amount_due: 0,
        currency: order.currency,
        receipt: order.receipt,
        status: 'paid',
      },
    };
  }
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event: type,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
}

export interface WebhookDispatcher {
  /** Signs and sends the events in order, after the current request; failures are logged, not thrown. */
  dispatch(bodies: string[]): void;
  /** The same after a delay, with bodies made then (a refund's outcome is known only once it settles). */
  dispatchAfter(delayMs: number, bodies: () => Promise<string[]>): void;
  /** Resolves when every dispatched event has been delivered (tests, shutdown). */
  settled(): Promise<void>;
}

/** Delivers the sandbox's webhooks the way Razorpay does: later, signed, each with its own event id. */
export function createWebhookDispatcher(
  send: (delivery: WebhookDelivery) => Promise<void>,
  webhookSecret: () => Promise<string>,
  log: FastifyBaseLogger,
): WebhookDispatcher {
  const pending = new Set<Promise<void>>();
  function later(wait: () => Promise<unknown>, bodiesOf: () => Promise<string[]>) {
    const run = (async () => {
      await wait();
      const bodies = await bodiesOf();
      const secret = await webhookSecret();
      for (const body of bodies) {
        await send({ body, eventId: newGatewayId('evt_'), signature: webhookSignature(body, secret) });
      }
    })().catch((err: unknown) => log.error({ err }, 'sandbox webhook delivery failed'));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }
  return {
    dispatch(bodies) {
      // Let the pay call answer first, as a real gateway's webhook comes after the browser's callback.
      later(() => new Promise((resolve) => setImmediate(resolve)), async () => bodies);
    },
    dispatchAfter(delayMs, bodies) {
      later(() => new Promise((resolve) => setTimeout(resolve, delayMs)), bodies);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
