import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database';
import { nowIso } from '../../db/database';

export interface SandboxOrderRow {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  created_at: string;
}

export interface SandboxPaymentRow {
  id: string;
  order_id: string;
  amount: number;
  status: string;
  error_description: string | null;
  created_at: string;
  /** The card's last four digits: a refund of this payment fails when the card is the sandbox's failing one. */
  card_last4?: string | null;
}

export async function insertSandboxOrder(
  executor: Executor,
  order: { id: string; amount: number; currency: string; receipt: string },
): Promise<void> {
  await executor
    .insertInto('sandbox_orders')
    .values({ ...order, status: 'created', created_at: nowIso() })
    .execute();
}

export async function findSandboxOrder(executor: Executor, id: string): Promise<SandboxOrderRow | undefined> {
  return executor.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the order paid unless it already is; true for the one caller that changed it. */
export async function markSandboxOrderPaid(executor: Executor, id: string): Promise<boolean> {
  const result = await executor
    .updateTable('sandbox_orders')
    .set({ status: 'paid' })
    .where('id', '=', id)
    .where('status', 'not in', ['paid', 'closed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An order not yet paid stops taking payments. */
export async function closeSandboxOrder(executor: Executor, id: string): Promise<void> {
  await executor.updateTable('sandbox_orders').set({ status: 'closed' }).where('id', '=', id).where('status', '!=', 'paid').execute();
}

export async function insertSandboxPayment(
  executor: Executor,
  payment: { id: string; order_id: string; amount: number; status: string; error_description: string | null },
): Promise<void> {
  await executor
    .insertInto('sandbox_payments')
    .values({ ...payment, created_at: nowIso() })
    .execute();
}

export async function findSandboxPayment(executor: Executor, id: string): Promise<SandboxPaymentRow | undefined> {
  return executor.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSandboxPayments(executor: Executor, orderId: string): Promise<SandboxPaymentRow[]> {
  return executor
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * A secret generated once per installation and kept in app_meta, so every process on one database signs
 * and checks with the same value. Two processes racing to create it both end up reading the winner's.
 */
export async function installationSecret(executor: Executor, key: string): Promise<string> {
  await executor
    .insertInto('app_meta')
    .values({ key, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await executor.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
