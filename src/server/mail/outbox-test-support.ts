// Shared by the outbox tests of each transport.
import { expect } from 'vitest';
import type { TestShop } from '../../../tests/support/test-shop';
import { enqueueMail } from './outbox';

/**
 * Queues two mails ("Twice" and "Once") and delivers them, then delivers "Twice" again as after a crash: the process
 * was killed after handing the mail over and before recording it, so the row is still claimed, and once its lease
 * has run out another run takes it over. Answers the two rows' ids.
 */
export async function deliverOneMailTwice(shop: TestShop): Promise<{ twice: number; once: number }> {
  const db = shop.app.ctx.db;
  const twice = await enqueueMail(db, { kind: 'test', to: 'twice@example.in', subject: 'Twice', text: 'Namaste', html: '<p>Namaste</p>' });
  const once = await enqueueMail(db, { kind: 'test', to: 'once@example.in', subject: 'Once', text: 'Namaste' });
  expect(await shop.app.ctx.outbox.drain()).toBe(2);
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sending', sent_at: null, locked_until: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', twice)
    .execute();
  expect(await shop.app.ctx.outbox.drain()).toBe(1);
  return { twice, once };
}

/** The Message-ID the outbox gives row `id` when MAIL_FROM is at gheeshop.test. */
export const outboxMessageIdPattern = (id: number) => new RegExp(`^<outbox\\.${id}\\.[0-9a-z]+@gheeshop\\.test>$`);
