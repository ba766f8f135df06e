import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

export interface AuditEntry {
  actorUserId: number | null;
  /** e.g. 'admin.grant', 'admin.revoke', 'order.status', 'product.update'. */
  action: string;
  /** What was acted on: an email, an order id, a product id. */
  target: string;
  details?: Record<string, unknown>;
}

/** Records an admin action; call it inside the transaction of the change so both commit or neither does. */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target: entry.target,
      details: JSON.stringify(entry.details ?? {}),
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Records an entry unless the very same one (action, target and details) is already there: for what a sender repeats,
 * such as a courier's tracking history sent again each time it is asked, so the owner reads it once.
 */
export async function writeAuditOnce(executor: Executor, entry: AuditEntry): Promise<void> {
  const details = JSON.stringify(entry.details ?? {});
  const seen = await executor
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', entry.action)
    .where('target', '=', entry.target)
    .where('details', '=', details)
    .limit(1)
    .executeTakeFirst();
  if (!seen) await writeAudit(executor, entry);
}
