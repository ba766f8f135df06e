import type { OutboxMail, OutboxQuery } from '../../domain/schemas/mail-outbox';
import { writeAudit } from '../audit/audit-log';
import type { DB } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { findOutboxMail, listOutbox, requeueFailedMail } from './outbox-admin-repository';

/** One page of the outbox, newest first, and how many mails match. */
export function outboxPage(db: DB, query: OutboxQuery): Promise<{ mails: OutboxMail[]; total: number }> {
  return listOutbox(db, query);
}

/** One mail of the outbox and how its delivery stands. */
export async function outboxMail(db: DB, id: number): Promise<OutboxMail> {
  const mail = await findOutboxMail(db, id);
  if (!mail) throw notFound(`There is no mail with id ${id} in the outbox. Reload the list and try again.`);
  return mail;
}

/** Queues a failed mail again; the caller kicks the worker after this commits. */
export async function retryFailedMail(db: DB, id: number, actorUserId: number): Promise<OutboxMail> {
  return db.transaction().execute(async (trx) => {
    const mail = await findOutboxMail(trx, id);
    if (!mail) throw notFound(`There is no mail with id ${id} in the outbox. Reload the list and try again.`);
    if (!(await requeueFailedMail(trx, id))) {
      throw new HttpError(
        409,
        'MAIL_NOT_FAILED',
        mail.status === 'sent'
          ? 'This mail was already delivered, so there is nothing to retry.'
          : 'This mail is still queued and the outbox keeps trying it; only a failed mail can be retried.',
      );
    }
    await writeAudit(trx, { actorUserId, action: 'mail.retry', target: String(id), details: { to: mail.to } });
    const requeued = await findOutboxMail(trx, id);
    if (!requeued) throw notFound(`There is no mail with id ${id} in the outbox.`);
    return requeued;
  });
}
