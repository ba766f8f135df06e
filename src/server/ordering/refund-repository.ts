import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { CreditedGoods } from '../../domain/india/invoice-document';
import type { GatewayRefundStatus } from '../payments/gateway';

export type RefundState = 'CREATED' | 'PENDING' | 'PROCESSED' | 'FAILED';

/**
 * Raises what is refunded of the order by `amount`, only while that stays within what was paid: one conditional
 * UPDATE, so two refunds asked together can never pass the total on either database.
 */
export async function reserveRefund(trx: Executor, orderRowId: number, amount: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ refunded_amount: sql<number>`refunded_amount + ${amount}` })
    .where('id', '=', orderRowId)
    .where(sql<boolean>`refunded_amount + ${amount} <= total_amount`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseRefund(trx: Executor, orderRowId: number, amount: number): Promise<void> {
  await trx.updateTable('orders').set({ refunded_amount: sql<number>`refunded_amount - ${amount}` }).where('id', '=', orderRowId).execute();
}

/** The gateway gave `amount` of the order's refunds back: from now on the order reads refunded by that much. */
export async function countProcessedRefund(trx: Executor, orderRowId: number, amount: number): Promise<void> {
  await trx.updateTable('orders').set({ refund_processed_amount: sql<number>`refund_processed_amount + ${amount}` }).where('id', '=', orderRowId).execute();
}

/**
 * Writes a CREATED refund; answers false when a row of that id exists already (a payment that paid nothing has one
 * refund of a fixed id, however many paths report it).
 */
export async function insertRefund(
  trx: Executor,
  row: { id: string; orderRowId: number; paymentId: string; amount: number; reason: string; actorUserId: number | null; strayPayment?: boolean },
): Promise<boolean> {
  const now = nowIso();
  const result = await trx
    .insertInto('refunds')
    .values({
      id: row.id,
      order_id: row.orderRowId,
      payment_id: row.paymentId,
      gateway_refund_id: null,
      amount: row.amount,
      reason: row.reason,
      status: 'CREATED',
      error: null,
      actor_user_id: row.actorUserId,
      created_at: now,
      updated_at: now,
      stray_payment: row.strayPayment ? 1 : 0,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findRefund(db: Executor, id: string) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRefundByGatewayId(db: Executor, gatewayRefundId: string) {
  return db.selectFrom('refunds').selectAll().where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst();
}

/** The order's lines with how many of each were refunded by lines already (refunds that did not fail). */
export async function linesWithRefunded(db: Executor, orderRowId: number) {
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderRowId).orderBy('position').execute();
  const done = await db
    .selectFrom('refund_lines as rl')
    .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
    .select(['rl.order_line_id', (eb) => eb.fn.sum<number | string>('rl.qty').as('qty')])
    .where('r.order_id', '=', orderRowId)
    .where('r.status', '<>', 'FAILED')
    .groupBy('rl.order_line_id')
    .execute();
  const refunded = new Map(done.map((d) => [d.order_line_id, Number(d.qty)]));
  return lines.map((line) => ({ ...line, refunded: refunded.get(line.id) ?? 0 }));
}

/**
 * Bottles of each of the order's lines that refunds put back on the shelf, whatever became of those refunds: a
 * failed refund's bottles stay on the shelf.
 */
export async function restockedPerLine(db: Executor, orderRowId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('refund_lines as rl')
    .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
    .select(['rl.order_line_id', (eb) => eb.fn.sum<number | string>('rl.qty').as('qty')])
    .where('r.order_id', '=', orderRowId)
    .where('rl.restocked', '=', 1)
    .groupBy('rl.order_line_id')
    .execute();
  return new Map(rows.map((r) => [r.order_line_id, Number(r.qty)]));
}

export async function insertRefundLines(trx: Executor, refundId: string, lines: readonly { orderLineId: number; qty: number; restocked: boolean }[]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('refund_lines')
    .values(lines.map((l) => ({ refund_id: refundId, order_line_id: l.orderLineId, qty: l.qty, restocked: l.restocked ? 1 : 0 })))
    .execute();
}

/** The bottles a refund by lines gave back, as its credit note lists them; none for a refund of value. */
export async function refundedGoods(db: Executor, refundId: string): Promise<CreditedGoods[]> {
  const rows = await db
    .selectFrom('refund_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .select(['l.name', 'l.size_ml', 'rl.qty'])
    .where('rl.refund_id', '=', refundId)
    .orderBy('l.position')
    .execute();
  return rows.map((r) => bottlesCredited(r, r.qty));
}

/** Bottles of an order line as a credit note lists them. */
export function bottlesCredited(line: { name: string; size_ml: number }, quantity: number): CreditedGoods {
  return { description: `${line.name} (${line.size_ml} ml)`, quantity };
}

/** Refunds of the order written but not yet asked of the gateway. */
export async function createdRefundIds(db: Executor, orderRowId: number): Promise<string[]> {
  const rows = await db.selectFrom('refunds').select('id').where('order_id', '=', orderRowId).where('status', '=', 'CREATED').execute();
  return rows.map((r) => r.id);
}

/** The gateway took the request: its refund id is stored and the row leaves CREATED (once). */
export async function markRefundRequested(trx: Executor, id: string, gatewayRefundId: string, status: RefundState): Promise<boolean> {
  const result = await trx
    .updateTable('refunds')
    .set({ gateway_refund_id: gatewayRefundId, status, error: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'CREATED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** PENDING → PROCESSED or FAILED, once however many webhooks and reconciliations report it. */
export async function settleRefund(trx: Executor, id: string, status: 'PROCESSED' | 'FAILED', error: string | null): Promise<boolean> {
  const result = await trx
    .updateTable('refunds')
    .set({ status, error, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['CREATED', 'PENDING'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed refund asked again: FAILED → CREATED, as its next ask, once. */
export async function reopenFailedRefund(trx: Executor, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('refunds')
    .set((eb) => ({ status: 'CREATED', gateway_refund_id: null, error: null, attempt: eb('attempt', '+', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A failed refund paid back outside the gateway: FAILED → PROCESSED with how it was paid, once. A second settle or a
 * retry racing it finds the row no longer FAILED and changes nothing.
 */
export async function settleFailedRefundOutside(
  trx: Executor,
  id: string,
  settlement: { method: string; reference: string | null; note: string | null; actorUserId: number },
): Promise<boolean> {
  const now = nowIso();
  const result = await trx
    .updateTable('refunds')
    .set({
      status: 'PROCESSED',
      settled_method: settlement.method,
      settled_reference: settlement.reference,
      settled_note: settlement.note,
      settled_at: now,
      settled_by: settlement.actorUserId,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The gateway reported a settled refund processed after all: noted once, however often it says so. */
export async function noteGatewayAlsoPaid(trx: Executor, id: string): Promise<boolean> {
  const now = nowIso();
  const result = await trx
    .updateTable('refunds')
    .set({ gateway_also_paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('settled_method', 'is not', null)
    .where('gateway_also_paid_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function noteRefundError(db: Executor, id: string, error: string): Promise<void> {
  await db.updateTable('refunds').set({ error, updated_at: nowIso() }).where('id', '=', id).where('status', '=', 'CREATED').execute();
}

/** Rows reconciliation must finish: CREATED (the gateway call may never have happened) or PENDING too long. */
export async function refundsToReconcile(db: Executor, before: { createdBefore: string; pendingBefore: string }) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'CREATED'), eb('updated_at', '<=', before.createdBefore)]),
        eb.and([eb('status', '=', 'PENDING'), eb('updated_at', '<=', before.pendingBefore)]),
      ]),
    )
    .orderBy('created_at')
    .limit(100)
    .execute();
}

export function refundState(status: GatewayRefundStatus): RefundState {
  return status === 'processed' ? 'PROCESSED' : status === 'failed' ? 'FAILED' : 'PENDING';
}

/** One order's refunds, oldest first. */
export async function refundsOfOrder(db: Executor, orderRowId: number) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderRowId).orderBy('created_at').execute();
}
