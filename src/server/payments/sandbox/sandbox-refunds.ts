import type { Executor } from '../../db/database';
import { nowIso } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { GatewayRefund } from '../gateway';
import { newGatewayId } from '../gateway-ids';
import { refundsFailFor } from './sandbox-cards';
import { findSandboxPayment } from './sandbox-repository';

/** A sandbox refund is pending this long, then processed (or failed for the failing card), as Razorpay's move later. */
export const SANDBOX_REFUND_SETTLE_MS = 1500;

interface SandboxRefundRow {
  id: string;
  payment_id: string;
  amount: number;
  notes: string;
  fails: number;
  created_at: string;
}

export function sandboxRefundView(row: SandboxRefundRow, now = Date.now()): GatewayRefund {
  const settled = now - Date.parse(row.created_at) >= SANDBOX_REFUND_SETTLE_MS;
  return {
    id: row.id,
    paymentId: row.payment_id,
    amount: row.amount,
    status: !settled ? 'pending' : row.fails ? 'failed' : 'processed',
    notes: JSON.parse(row.notes) as Record<string, string>,
  };
}

/** Like Razorpay: only a captured payment is refunded, and never beyond what it captured. */
export async function createSandboxRefund(db: Executor, paymentId: string, amount: number, notes: Record<string, string>): Promise<SandboxRefundRow> {
  const payment = await findSandboxPayment(db, paymentId);
  if (!payment || payment.status !== 'captured') throw new HttpError(400, 'BAD_REQUEST_ERROR', 'The payment is not captured, so it cannot be refunded.');
  const done = await db
    .selectFrom('sandbox_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    // A failing refund never moves money, so it leaves the payment refundable, as Razorpay's failed refunds do.
    .where('fails', '=', 0)
    .executeTakeFirstOrThrow();
  if (Number(done.total) + amount > payment.amount) {
    throw new HttpError(400, 'BAD_REQUEST_ERROR', 'The total refund amount is greater than the payment amount.');
  }
  const row: SandboxRefundRow = {
    id: newGatewayId('rfnd_'),
    payment_id: paymentId,
    amount,
    notes: JSON.stringify(notes),
    fails: refundsFailFor(payment.card_last4 ?? null) ? 1 : 0,
    created_at: nowIso(),
  };
  await db.insertInto('sandbox_refunds').values(row).execute();
  return row;
}

export async function listSandboxRefunds(db: Executor, paymentId: string): Promise<SandboxRefundRow[]> {
  return db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('created_at').execute();
}

/** The JSON body Razorpay would post for refund.processed / refund.failed. */
export function sandboxRefundEventBody(refund: GatewayRefund): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event: `refund.${refund.status}`,
    contains: ['refund'],
    payload: {
      refund: {
        entity: { id: refund.id, entity: 'refund', payment_id: refund.paymentId, amount: refund.amount, currency: 'INR', status: refund.status, notes: refund.notes, speed_processed: 'normal' },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}
