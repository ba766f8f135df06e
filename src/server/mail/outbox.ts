import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import { attachmentsColumn, type AttachmentRef } from './attachments';

export interface OutgoingMail {
  /** What caused the mail (order-placed, status-mail, password-reset, …): for the admin outbox and logs. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files made when the mail is sent (the DELIVERED mail's invoice). */
  attachments?: readonly AttachmentRef[];
}

/**
 * Queues a mail in the caller's transaction: it is sent if and only if the change that caused it commits,
 * and a mail server being down never fails or rolls back that change.
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<number> {
  const row = await executor.insertInto('mail_outbox').values(outboxRow(mail, nowIso())).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Queues several mails with one statement, in the caller's transaction like enqueueMail. */
export async function enqueueMails(executor: Executor, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const now = nowIso();
  await executor
    .insertInto('mail_outbox')
    .values(mails.map((mail) => outboxRow(mail, now)))
    .execute();
}

function outboxRow(mail: OutgoingMail, now: string) {
  return {
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: attachmentsColumn(mail.attachments),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
}
