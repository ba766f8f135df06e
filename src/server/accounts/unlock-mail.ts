import { HttpError } from '../http/errors';
import { claimAttempt } from '../limits/attempts';
import type { UserRow } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { loginUnlockMail } from './account-mails';
import type { AccountDeps } from './account-service';
import { lockEndsAt } from './login-throttle';
import { UNLOCK_LINK_HOURS, UNLOCK_MAIL_EVERY_HOURS, issueUnlockToken, unlockLink } from './unlock-links';

/**
 * Mails the owner of an account that wrong passwords just locked a link that signs in despite the lock (decision
 * 051). At most one per UNLOCK_MAIL_EVERY_HOURS per account and password, counted atomically, so a lock kept up for
 * days sends two a day, and each link outlives the next mail.
 */
export async function mailUnlockLink(deps: AccountDeps, user: UserRow, lockKey: string, lockedUntilMs: number): Promise<void> {
  try {
    await claimAttempt(deps.counters, [
      {
        key: `unlock-mail:${lockKey}`,
        max: 1,
        windowMs: UNLOCK_MAIL_EVERY_HOURS * 60 * 60 * 1000,
        refuse: () => new HttpError(429, 'UNLOCK_MAILED', 'A sign-in link was mailed lately.'),
      },
    ]);
  } catch (error) {
    if (error instanceof HttpError) return;
    throw error;
  }
  const link = unlockLink(deps.config.PUBLIC_URL, user.email, issueUnlockToken(deps.config.JWT_SECRET, user));
  await enqueueMail(deps.db, loginUnlockMail(user.email, user.username, link, lockEndsAt(lockedUntilMs), UNLOCK_LINK_HOURS));
  deps.outbox.kick();
}
