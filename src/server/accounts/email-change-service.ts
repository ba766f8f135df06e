import { randomBytes } from 'node:crypto';
import { TOASTS, VALIDATION } from '../../domain/messages';
import type { ConfirmEmailAnswer } from '../../domain/schemas/account';
import { verifyPassword } from '../auth/passwords';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { UserRow } from '../db/schema';
import { HttpError, badRequest, conflict } from '../http/errors';
import { tooManyRequests } from '../http/rate-limit';
import { claimAttempt } from '../limits/attempts';
import { enqueueMail } from '../mail/outbox';
import { accountLockKey } from './account-lock';
import { confirmEmailLink, emailChangeConfirmMail, emailChangeNoticeMail, resetLink } from './account-mails';
import type { AccountDeps } from './account-service';
import { claimLogin } from './login-throttle';
import { mailUnlockLink } from './unlock-mail';
import { cancelEmailChanges, claimEmailChange, findEmailChange, insertEmailChange, setEmail } from './email-change-repository';
import { hashResetToken, issueResetToken } from './reset-tokens';
import { findUserByEmail, findUserById, isUniqueViolation } from './user-repository';

/** The confirmation link and the old address's reset link both last a day: time to notice and act. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
const LINK_MS = EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000;

export const EMAIL_TAKEN_MESSAGE = 'Another account already uses this email address. Choose a different one.';

/** E-mail changes one account may start in an hour, and confirmation mails one address may receive (mail bombing). */
export const EMAIL_CHANGES_PER_ACCOUNT = 3;
export const EMAIL_CHANGE_MAILS_PER_ADDRESS = 3;
const EMAIL_CHANGE_WINDOW_MS = 60 * 60_000;

/**
 * Checks that the caller may move the account to `newEmail` (DESIGN.md §7.1): a password set, the current one given
 * and right (wrong guesses count toward the account's failed-login limit, so a stolen token cannot try passwords
 * freely), and the address free (its 409 counts toward the per-IP limit on address-taken answers, in routes.ts).
 */
export async function assertEmailChangeAllowed(
  deps: AccountDeps,
  current: UserRow,
  newEmail: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (!current.password_hash) {
    throw new HttpError(400, 'PASSWORD_NOT_SET', VALIDATION.passwordNotSetForEmailChange);
  }
  if (!currentPassword) {
    throw new HttpError(400, 'PASSWORD_REQUIRED', VALIDATION.currentPasswordRequired, {
      currentpassword: VALIDATION.currentPasswordRequired,
    });
  }
  const lockKey = accountLockKey(current.email, current.password_changed_at);
  const attempt = await claimLogin(deps.counters, lockKey);
  if (!(await verifyPassword(current.password_hash, currentPassword))) {
    const failure = attempt.failed();
    if (failure.locked) await mailUnlockLink(deps, current, lockKey, failure.lockedUntilMs);
    throw new HttpError(401, 'WRONG_PASSWORD', VALIDATION.currentPasswordWrong, { currentpassword: VALIDATION.currentPasswordWrong });
  }
  await attempt.succeeded();
  const owner = await findUserByEmail(deps.db, newEmail);
  if (owner && owner.id !== current.id) {
    throw conflict(EMAIL_TAKEN_MESSAGE, { emailaddress: EMAIL_TAKEN_MESSAGE });
  }
  // Each change mails the new address and the old one: counted per account and per new address, atomically.
  await claimAttempt(deps.counters, [
    {
      key: `email-change:account:${current.id}`,
      max: EMAIL_CHANGES_PER_ACCOUNT,
      windowMs: EMAIL_CHANGE_WINDOW_MS,
      refuse: (resetInMs) =>
        tooManyRequests(resetInMs, `This account has asked to change its email address ${EMAIL_CHANGES_PER_ACCOUNT} times in the last hour.`, 'Open the newest confirmation link we sent.'),
    },
    {
      key: `email-change:address:${newEmail}`,
      max: EMAIL_CHANGE_MAILS_PER_ADDRESS,
      windowMs: EMAIL_CHANGE_WINDOW_MS,
      refuse: (resetInMs) => tooManyRequests(resetInMs, 'This address has been sent several confirmation links in the last hour.'),
    },
  ]);
}

/**
 * Inside the profile's transaction: a confirmation link to the new address, and to the old one a notice with a
 * reset link. Any earlier change still waiting is cancelled, so only the newest link works.
 */
export async function startEmailChange(trx: Executor, deps: AccountDeps, current: UserRow, newEmail: string): Promise<void> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  await cancelEmailChanges(trx, current.id, now);
  const token = randomBytes(32).toString('base64url');
  await insertEmailChange(trx, {
    token_hash: hashResetToken(token),
    user_id: current.id,
    old_email: current.email,
    new_email: newEmail,
    created_at: now,
    expires_at: new Date(nowMs + LINK_MS).toISOString(),
  });
  const { PUBLIC_URL } = deps.config;
  await enqueueMail(trx, emailChangeConfirmMail(newEmail, current.username, confirmEmailLink(PUBLIC_URL, token), EMAIL_CHANGE_LINK_HOURS));
  const resetToken = await issueResetToken(trx, current.id, LINK_MS);
  await enqueueMail(
    trx,
    emailChangeNoticeMail(current.email, current.username, newEmail, resetLink(PUBLIC_URL, current.email, resetToken), EMAIL_CHANGE_LINK_HOURS),
  );
}

function invalidLink() {
  return badRequest(VALIDATION.emailChangeLinkInvalid, { token: VALIDATION.emailChangeLinkInvalid });
}

/** Follows a confirmation link: the account takes the new address, once, within the day. */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<ConfirmEmailAnswer> {
  const tokenHash = hashResetToken(token);
  const found = await findEmailChange(deps.db, tokenHash);
  if (!found || found.used_at || found.expires_at <= nowIso()) throw invalidLink();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await claimEmailChange(trx, tokenHash, now))) throw invalidLink();
      const user = await findUserById(trx, found.user_id);
      // The account's address moved on since the link was sent (another change): this link no longer fits it.
      if (!user || user.email !== found.old_email) throw invalidLink();
      const owner = await findUserByEmail(trx, found.new_email);
      if (owner && owner.id !== user.id) throw conflict(EMAIL_TAKEN_MESSAGE, { emailaddress: EMAIL_TAKEN_MESSAGE });
      await setEmail(trx, user.id, found.new_email, now);
      await cancelEmailChanges(trx, user.id, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE, { emailaddress: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
  return { emailaddress: found.new_email, message: TOASTS.emailChanged(found.new_email) };
}
