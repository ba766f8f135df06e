import type { ConfirmationResult } from '../../domain/messages-and-confirmation';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { OrderRow } from '../db/schema';

/** Marks a waiting order confirmed; false when it no longer waits (answered, cancelled or expired meanwhile). */
export async function markConfirmed(trx: Executor, orderRowId: number, by: 'CUSTOMER' | 'SHOP'): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ confirmation: 'CONFIRMED', confirmation_result: by === 'CUSTOMER' ? 'CONFIRMED' : 'CONFIRMED_BY_SHOP', updated_at: nowIso() })
    .where('id', '=', orderRowId)
    .where('confirmation', '=', 'PENDING')
    .where('status', '!=', 'CANCELLED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Cancels a waiting order, only while it still waits and has the status read: a confirmation, a status change or a
 * second answer that came first wins, and this changes nothing.
 */
export async function cancelWaitingOrder(
  trx: Executor,
  row: Pick<OrderRow, 'id' | 'status'>,
  cancel: { reason: string; by: 'CUSTOMER' | 'ADMIN' | 'SHOP'; result: Exclude<ConfirmationResult, 'CONFIRMED' | 'CONFIRMED_BY_SHOP'> },
): Promise<boolean> {
  const now = nowIso();
  const result = await trx
    .updateTable('orders')
    .set({
      status: 'CANCELLED',
      cancel_reason: cancel.reason,
      cancelled_at: now,
      cancelled_by: cancel.by,
      confirmation: null,
      confirmation_result: cancel.result,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('confirmation', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Waiting orders whose window ended before `now`, oldest deadline first. A cancelled order never waits (cancelling
 * ends the question), and is left out all the same: a batch of them would hold the real ones back for good.
 */
export async function listExpiredConfirmations(executor: Executor, now: string, limit: number): Promise<string[]> {
  const rows = await executor
    .selectFrom('orders')
    .select('orderid')
    .where('confirmation', '=', 'PENDING')
    .where('confirm_by', '<', now)
    .where('status', '!=', 'CANCELLED')
    .orderBy('confirm_by')
    .limit(limit)
    .execute();
  return rows.map((r) => r.orderid);
}

/** A STOP reply or the profile's switch: no more messages about any order of the account. */
export async function setWhatsappOptIn(trx: Executor, userId: number, optIn: boolean): Promise<void> {
  await trx.updateTable('users').set({ whatsapp_opt_in: optIn ? 1 : 0 }).where('id', '=', userId).execute();
  if (!optIn) await trx.updateTable('orders').set({ whatsapp_opt_in: 0 }).where('user_id', '=', userId).where('whatsapp_opt_in', '=', 1).execute();
}

export async function findUserWhatsappOptIn(executor: Executor, userId: number): Promise<boolean> {
  const row = await executor.selectFrom('users').select('whatsapp_opt_in').where('id', '=', userId).executeTakeFirst();
  return row?.whatsapp_opt_in === 1;
}

