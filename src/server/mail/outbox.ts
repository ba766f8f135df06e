import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

export interface OutgoingMail {
  /** What caused the mail (order-placed, status-mail, password-reset, …): for the admin outbox and logs. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Queues a mail in the caller's transaction: it is sent if and only if the change that caused it commits,
 * and a mail server being down never fails or rolls back that change.
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<number> {
  const now = nowIso();
  const row = await executor
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
