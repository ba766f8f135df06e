import type { MailHealth } from '../../domain/schemas/mail-outbox';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { addGauge } from '../http/metrics';
import { outboxTroubles } from './outbox-admin-repository';
import type { RetryPolicy } from './worker';

const WEEK_MS = 7 * 24 * 60 * 60_000;

/**
 * Mail is failing while a mail waits for another try after a failed one (DESIGN.md §8.8): the outbox keeps trying it
 * at the capped interval for days, and the owner sees a banner (and Prometheus `shop_mail_failing`) until it goes
 * out. Mails given up in the last week are counted too, for the admin to send again from the Mail Outbox.
 */
export async function mailHealth(executor: Executor, retry: RetryPolicy): Promise<MailHealth> {
  const troubles = await outboxTroubles(executor, new Date(Date.now() - WEEK_MS).toISOString());
  return {
    failing: troubles.retrying > 0,
    retrying: troubles.retrying,
    retryingSince: troubles.retryingSince,
    lastError: troubles.lastError,
    failedThisWeek: troubles.failed,
    retryEveryMinutes: retry.maxMs / 60_000,
    giveUpAfterHours: retry.giveUpAfterMs / 3_600_000,
  };
}

/** `shop_mails_retrying` and `shop_mail_failing` (1 while mail fails), read from the outbox at each scrape. */
export function addMailGauges(ctx: AppContext): void {
  const retrying = async () => (await outboxTroubles(ctx.db, new Date().toISOString())).retrying;
  addGauge(ctx, { name: 'shop_mails_retrying', help: 'Mails waiting for another try after a failed delivery', read: retrying });
  addGauge(ctx, {
    name: 'shop_mail_failing',
    help: '1 while mail is failing to go out (a mail waits for another try after a failed delivery), else 0',
    read: async () => ((await retrying()) > 0 ? 1 : 0),
  });
}
