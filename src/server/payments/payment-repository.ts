import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { GatewayPaymentStatus } from './gateway';

/** Where we learnt about a payment: the browser's confirmation, a webhook, reconciliation or an admin check. */
export type PaymentSource = 'checkout' | 'webhook' | 'reconcile' | 'admin-verify';

export interface PaymentRecord {
  orderRowId: number;
  gatewayPaymentId: string;
  gatewayOrderId: string;
  status: GatewayPaymentStatus;
  /** Paise. */
  amount: number;
  errorDescription?: string | null;
  source: PaymentSource;
}

/**
 * Keeps one row per gateway payment. A later word updates it, except that a captured payment stays
 * captured: webhooks arrive out of order and a late "failed" must not undo a capture.
 */
export async function recordPayment(executor: Executor, payment: PaymentRecord): Promise<void> {
  const now = nowIso();
  await executor
    .insertInto('payments')
    .values({
      order_id: payment.orderRowId,
      gateway_payment_id: payment.gatewayPaymentId,
      gateway_order_id: payment.gatewayOrderId,
      status: payment.status,
      amount: payment.amount,
      error_description: payment.errorDescription ?? null,
      source: payment.source,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('gateway_payment_id')
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          error_description: eb.ref('excluded.error_description'),
          updated_at: now,
        }))
        .where('payments.status', '!=', 'captured')
        .where('payments.order_id', '=', payment.orderRowId),
    )
    .execute();
}

export async function findPayment(executor: Executor, gatewayPaymentId: string) {
  return executor.selectFrom('payments').selectAll().where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
}

/**
 * Claims a webhook delivery by its event id; false when it was seen before (a replay or a retry that
 * already succeeded). Runs in the transaction that applies the event, so a failed apply is retried.
 */
export async function claimGatewayEvent(
  executor: Executor,
  event: { eventId: string; eventType: string; payload: string },
): Promise<boolean> {
  const row = await executor
    .insertInto('gateway_events')
    .values({ event_id: event.eventId, event_type: event.eventType, payload: event.payload, received_at: nowIso() })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
