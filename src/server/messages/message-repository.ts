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

/** Sent, only while this claim still holds the row (a row another worker took over is left to it). */
export async function markMessageSent(db: DB, id: number, lease: string, sent: { providerId: string; template: string; at: string }): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({ status: 'SENT', provider_id: sent.providerId, template: sent.template, locked_until: null, last_error: null, updated_at: sent.at })
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

/** Messages newest first: one order's, or the latest of all. */
export async function listMessages(executor: Executor, filter: { orderid?: string | undefined; limit: number }): Promise<MessageRow[]> {
  let query = executor.selectFrom('message_outbox').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.orderid) query = query.where('orderid', '=', filter.orderid);
  return query.execute();
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

/** The first product of the order, for the review link of the delivered message. */
export async function firstProductOf(executor: Executor, orderRowId: number): Promise<number | null> {
  const row = await executor
    .selectFrom('order_lines')
    .select('product_id')
    .where('order_id', '=', orderRowId)
    .where('product_id', 'is not', null)
    .orderBy('position')
    .executeTakeFirst();
  return row?.product_id ?? null;
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
