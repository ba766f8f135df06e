import { sql } from 'kysely';
import { MESSAGE_KINDS, type MessageKind, type MessageStatus, type MessageTemplates } from '../../domain/messages-and-confirmation';
import type { DatabaseHandle, DB, Executor } from '../db/database';
import type { MessageOutboxTable } from '../db/schema';
import type { Selectable } from 'kysely';

export type MessageRow = Selectable<MessageOutboxTable>;

/**
 * Takes up to `limit` due rows under a lease until `lease`, in one statement: queued rows whose next attempt has
 * come, and rows whose sender's lease ran out (that process died after claiming, before it could say how the send
 * went). PostgreSQL skips rows another process is claiming, so two never send the same row at once.
 */
export async function claimDueMessages(handle: DatabaseHandle, options: { now: string; lease: string; limit: number }): Promise<MessageRow[]> {
  const { now, lease, limit } = options;
  const claim = (lock: string) => sql<MessageRow>`
    update message_outbox set status = 'SENDING', locked_until = ${lease}, attempts = attempts + 1, updated_at = ${now}
    where id in (select id from message_outbox where status in ('QUEUED', 'SENDING')
      and ((status = 'QUEUED' and next_attempt_at <= ${now}) or (status = 'SENDING' and locked_until < ${now}))
      order by id limit ${limit} ${sql.raw(lock)})
    returning *`;
  const rows =
    handle.dialect === 'postgres'
      ? await handle.db.transaction().execute(async (trx) => (await claim('for update skip locked').execute(trx)).rows)
      : (await claim('').execute(handle.db)).rows;
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Sent, only while this claim still holds the row (a row another worker took over is left to it), with the template
 * and the values it went with: what the owner reads is what the customer got.
 */
export async function markMessageSent(db: DB, id: number, lease: string, sent: { providerId: string; template: string; params: string; at: string }): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({ status: 'SENT', provider_id: sent.providerId, template: sent.template, params: sent.params, locked_until: null, last_error: null, updated_at: sent.at })
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .where('locked_until', '=', lease)
    .execute();
}

export async function markMessageFailed(
  db: DB,
  id: number,
  lease: string,
  outcome: { error: string; nextAttemptAt: string; giveUp: boolean; at: string },
): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({
      status: outcome.giveUp ? 'FAILED' : 'QUEUED',
      last_error: outcome.error.slice(0, 500),
      locked_until: null,
      next_attempt_at: outcome.nextAttemptAt,
      updated_at: outcome.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .where('locked_until', '=', lease)
    .execute();
}

// A later status never goes back: a "delivered" that arrives after "read" changes nothing.
const RANK: Record<string, number> = { SENT: 1, DELIVERED: 2, READ: 3 };

/** A delivery status from WhatsApp for the message it named; answers whether a row changed. */
export async function applyDeliveryStatus(db: DB, providerId: string, status: MessageStatus, error: string | null, at: string): Promise<boolean> {
  const earlier = Object.entries(RANK)
    .filter(([, rank]) => rank < (RANK[status] ?? 0))
    .map(([name]) => name);
  const from = status === 'FAILED' ? ['SENDING', 'SENT', 'DELIVERED'] : earlier;
  if (from.length === 0) return false;
  const result = await db
    .updateTable('message_outbox')
    .set({ status, updated_at: at, ...(status === 'FAILED' ? { last_error: (error ?? 'WhatsApp could not deliver the message').slice(0, 500) } : {}) })
    .where('provider_id', '=', providerId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A listed message with where its order's COD confirmation stands (null fields when the order is gone). */
export type ListedMessage = MessageRow & {
  order_status: string | null;
  confirmation: string | null;
  confirmation_result: string | null;
  confirm_by: string | null;
  cancelled_by: string | null;
};

/** Messages newest first: one order's, or the latest of all. */
export async function listMessages(executor: Executor, filter: { orderid?: string | undefined; limit: number }): Promise<ListedMessage[]> {
  let query = executor
    .selectFrom('message_outbox as m')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .selectAll('m')
    .select(['o.status as order_status', 'o.confirmation', 'o.confirmation_result', 'o.confirm_by', 'o.cancelled_by'])
    .orderBy('m.id', 'desc')
    .limit(filter.limit);
  if (filter.orderid) query = query.where('m.orderid', '=', filter.orderid);
  return query.execute();
}

/** The first product of each order, for the review links of delivered messages not sent yet. */
export async function firstProductsOf(executor: Executor, orderRowIds: readonly number[]): Promise<Map<number, number>> {
  const first = new Map<number, number>();
  if (orderRowIds.length === 0) return first;
  const rows = await executor
    .selectFrom('order_lines')
    .select(['order_id', 'product_id'])
    .where('order_id', 'in', [...new Set(orderRowIds)])
    .where('product_id', 'is not', null)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  for (const row of rows) if (row.product_id !== null && !first.has(row.order_id)) first.set(row.order_id, row.product_id);
  return first;
}

/** The accounts whose orders were messaged at this number: a STOP from it opts them out. */
export async function accountsOfNumber(executor: Executor, toNumber: string): Promise<number[]> {
  const rows = await executor
    .selectFrom('message_outbox as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select('o.user_id')
    .distinct()
    .where('m.to_number', '=', toNumber)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function readTemplates(executor: Executor): Promise<MessageTemplates> {
  const rows = await executor.selectFrom('message_templates').selectAll().execute();
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    MESSAGE_KINDS.map((kind) => [kind, { name: byKind.get(kind)?.name ?? kind.toLowerCase(), language: byKind.get(kind)?.language ?? 'en' }]),
  ) as MessageTemplates;
}

export async function saveTemplates(executor: Executor, templates: MessageTemplates): Promise<void> {
  for (const kind of MESSAGE_KINDS as readonly MessageKind[]) {
    const t = templates[kind];
    await executor
      .insertInto('message_templates')
      .values({ kind, name: t.name, language: t.language })
      .onConflict((c) => c.column('kind').doUpdateSet({ name: t.name, language: t.language }))
      .execute();
  }
}
