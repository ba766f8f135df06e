import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { HttpError } from '../http/errors';
import { findOrderRowByGatewayOrderId } from '../orders/order-repository';
import { gatewayFor } from '../payments/gateway-registry';
import { claimGatewayEvent, recordPayment } from '../payments/payment-repository';
import { toGatewayPayment, toGatewayRefund } from '../payments/razorpay-gateway';
import { applyRefundEvent } from './refund-service';
import { afterSettlement, recordFailedPayment, settleCapturedPayment, type SettleOutcome } from './payment-settlement';

// Only the fields we act on; Razorpay adds fields over time and they must not break us.
const paymentEntitySchema = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  status: z.string(),
  amount: z.union([z.number(), z.string()]),
  error_description: z.string().nullish(),
});

const webhookBodySchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntitySchema }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string().min(1),
            payment_id: z.string(),
            amount: z.union([z.number(), z.string()]),
            status: z.string(),
            notes: z.union([z.record(z.string(), z.string()), z.array(z.unknown())]).nullish(),
          }),
        })
        .optional(),
    })
    .default({}),
});

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface WebhookDelivery {
  rawBody: string;
  signature: string | undefined;
  eventId: string | undefined;
}

const rejected = (message: string) => new HttpError(400, 'WEBHOOK_REJECTED', message);

/**
 * POST /api/checkout/webhook: checks the signature over the raw body, claims the event id (a replay is
 * answered and ignored), then applies the event in the same transaction as the claim.
 */
export async function handleWebhook(
  ctx: AppContext,
  delivery: WebhookDelivery,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  if (!delivery.signature) throw rejected('The X-Razorpay-Signature header is missing.');
  if (!(await gatewayFor(ctx).verifyWebhookSignature(delivery.rawBody, delivery.signature))) {
    throw rejected('The webhook signature does not match. Check RAZORPAY_WEBHOOK_SECRET against the dashboard.');
  }
  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody);
  } catch {
    throw rejected('The webhook body is not valid JSON.');
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) throw rejected('The webhook body is not a Razorpay event.');
  const body = parsed.data;
  // Razorpay always sends an event id; a body hash keeps replays harmless should it ever be missing.
  const eventId = delivery.eventId || `sha256:${createHash('sha256').update(delivery.rawBody).digest('hex')}`;

  const { outcome, settled, orderRowId } = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimGatewayEvent(trx, { eventId, eventType: body.event, payload: delivery.rawBody });
    if (!claimed) return { outcome: 'duplicate' as const, settled: undefined };
    return applyEvent(ctx, trx, body);
  });
  if (orderRowId !== undefined) await afterSettlement(ctx, orderRowId, settled);
  // Not an error for Razorpay to retry, but a person must look at it.
  if (settled === 'amount-mismatch') log.warn({ eventId }, 'webhook: captured amount differs from the order total; order left unpaid');
  return outcome;
}

async function applyEvent(
  ctx: AppContext,
  trx: Executor,
  body: z.infer<typeof webhookBodySchema>,
): Promise<{ outcome: WebhookOutcome; settled?: SettleOutcome; orderRowId?: number }> {
  const refund = body.payload.refund?.entity;
  if (refund && (body.event === 'refund.processed' || body.event === 'refund.failed')) {
    return { outcome: (await applyRefundEvent(ctx, trx, toGatewayRefund(refund))) ? 'processed' : 'ignored' };
  }
  const entity = body.payload.payment?.entity;
  if (!entity) return { outcome: 'ignored' };
  const payment = toGatewayPayment(entity);
  const gatewayOrderId = payment.orderId || body.payload.order?.entity.id || '';
  const order = gatewayOrderId ? await findOrderRowByGatewayOrderId(trx, gatewayOrderId) : undefined;
  if (!order) return { outcome: 'ignored' };

  switch (body.event) {
    case 'payment.captured':
    case 'order.paid': {
      const settled = await settleCapturedPayment(ctx, trx, {
        order,
        paymentId: payment.id,
        amount: payment.amount,
        source: 'webhook',
      });
      return { outcome: 'processed', settled, orderRowId: order.id };
    }
    case 'payment.failed':
      await recordFailedPayment(trx, {
        order,
        paymentId: payment.id,
        amount: payment.amount,
        errorDescription: payment.errorDescription,
        source: 'webhook',
      });
      return { outcome: 'processed' };
    case 'payment.authorized':
      await recordPayment(trx, {
        orderRowId: order.id,
        gatewayPaymentId: payment.id,
        gatewayOrderId,
        status: 'authorized',
        amount: payment.amount,
        source: 'webhook',
      });
      return { outcome: 'processed' };
    default:
      return { outcome: 'ignored' };
  }
}
