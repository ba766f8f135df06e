import type { OrderLimits } from '../../domain/order-limits';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

export async function readOrderLimits(executor: Executor): Promise<OrderLimits> {
  const row = await executor.selectFrom('order_limits').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    perAccountPerHour: row.per_account_per_hour,
    perIpPerHour: row.per_ip_per_hour,
    unpaidOnlinePerAccount: row.unpaid_online_per_account,
    heldBottlesPerAccount: row.held_bottles_per_account,
    openCodNewAccount: row.open_cod_new_account,
  };
}

export async function writeOrderLimits(executor: Executor, limits: OrderLimits): Promise<void> {
  await executor
    .updateTable('order_limits')
    .set({
      per_account_per_hour: limits.perAccountPerHour,
      per_ip_per_hour: limits.perIpPerHour,
      unpaid_online_per_account: limits.unpaidOnlinePerAccount,
      held_bottles_per_account: limits.heldBottlesPerAccount,
      open_cod_new_account: limits.openCodNewAccount,
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .execute();
}

export interface OpenOrdersOf {
  unpaidOnline: number;
  heldBottles: number;
  openCod: number;
}

/**
 * What one account has open: online orders still waiting for payment whose hold has not ended, the bottles its
 * orders hold (unpaid online, and cash on delivery not yet delivered), and its open COD orders. Only orders not yet
 * delivered or cancelled are read, however many the account placed over the years.
 */
export async function openOrdersOf(executor: Executor, userId: number): Promise<OpenOrdersOf> {
  const rows = await executor
    .selectFrom('orders as o')
    .leftJoin('order_lines as l', (join) => join.onRef('l.order_id', '=', 'o.id').on('l.stock_taken', '=', 1))
    .select(['o.id', 'o.paymentmode', 'o.payment_status', 'o.stock_returned_at', 'l.item_qty'])
    .where('o.user_id', '=', userId)
    .where('o.status', 'in', ['PREPARATION', 'READY', 'OUTFORDELIVERY'])
    .execute();
  const unpaid = new Set<number>();
  const cod = new Set<number>();
  let heldBottles = 0;
  for (const r of rows) {
    const online = r.paymentmode === 'ONLINE';
    const waiting = online && r.payment_status !== 'PAID' && r.stock_returned_at === null;
    if (waiting) unpaid.add(r.id);
    if (!online) cod.add(r.id);
    if ((waiting || !online) && r.stock_returned_at === null) heldBottles += r.item_qty ?? 0;
  }
  return { unpaidOnline: unpaid.size, heldBottles, openCod: cod.size };
}

/** Whether an order of the account was ever delivered (it is no longer "new"). */
export async function hasDeliveredOrder(executor: Executor, userId: number): Promise<boolean> {
  const row = await executor.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 'DELIVERED').limit(1).executeTakeFirst();
  return row !== undefined;
}
