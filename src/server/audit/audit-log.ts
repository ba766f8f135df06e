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
