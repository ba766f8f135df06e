import { setTimeout as sleep } from 'node:timers/promises';
import { RESET_TOKEN_TTL_MS } from '../../domain/constants';
import { VALIDATION } from '../../domain/messages';
import type { AuthAnswer, ResetNewPasswordInput, ResetRequestInput } from '../../domain/schemas/account';
import { hashPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import { endSessionsOf } from '../auth/session-repository';
import { nowIso } from '../db/database';
import { badRequest } from '../http/errors';
import { tooManyRequests } from '../http/rate-limit';
import { claimAttempt } from '../limits/attempts';
import { enqueueMail } from '../mail/outbox';
import { passwordResetMail, resetLink } from './account-mails';
import { authAnswer, shopNamesOf, type AccountDeps } from './account-service';
import { claimResetToken, findResetToken, invalidateResetTokens } from './reset-token-repository';
import { hashResetToken, issueResetToken } from './reset-tokens';
import { cancelEmailChanges } from './email-change-repository';
import type { SessionClient } from './session-service';
import { findUserByEmail, findUserById, setPasswordHash } from './user-repository';

export const RESET_REQUESTED_MESSAGE =
  'If an account uses this email address, we have sent it a link to reset the password. The link works for one hour.';

/**
 * Every answer takes at least this long, so the time taken does not tell whether an account exists (the account
 * branch writes a token and a mail; the other branch writes nothing).
 */
export const RESET_REQUEST_MIN_MS = 150;

/** Reset links mailed to one address in an hour, whoever asks and from wherever (mail bombing). */
export const RESET_MAILS_PER_ADDRESS = 3;
const RESET_MAILS_WINDOW_MS = 60 * 60_000;

/**
 * Always the same answer: whether the address has an account is not for the caller to learn. Requests are counted
 * per address, with an account or not, before anything is looked up; past the limit the answer is a 429 for any
 * address alike, and the owner already holds the links mailed.
 */
export async function requestPasswordReset(deps: AccountDeps, input: ResetRequestInput): Promise<{ message: string }> {
  await claimAttempt(deps.counters, [
    {
      key: `reset-mail:${input.email}`,
      max: RESET_MAILS_PER_ADDRESS,
      windowMs: RESET_MAILS_WINDOW_MS,
      refuse: (resetInMs) =>
        tooManyRequests(
          resetInMs,
          `If an account uses this address, we have already mailed it ${RESET_MAILS_PER_ADDRESS} reset links in the last hour.`,
          'Open the newest one (look in the spam folder too); each works for an hour.',
        ),
    },
  ]);
  const started = Date.now();
  const user = await findUserByEmail(deps.db, input.email);
  if (user) {
    await deps.db.transaction().execute(async (trx) => {
      const token = await issueResetToken(trx, user.id, RESET_TOKEN_TTL_MS);
      await enqueueMail(trx, passwordResetMail(user.email, user.username, resetLink(deps.config.PUBLIC_URL, user.email, token)));
    });
  }
  const remaining = RESET_REQUEST_MIN_MS - (Date.now() - started);
  if (remaining > 0) await sleep(remaining);
  return { message: RESET_REQUESTED_MESSAGE };
}

/** One message for an unknown, used, expired or someone else's token: the caller learns nothing more. */
function invalidLink() {
  return badRequest(VALIDATION.resetTokenRequired, { token: VALIDATION.resetTokenRequired });
}

/** Sets the password from a mailed link and logs the owner in. */
export async function resetWithToken(
  deps: AccountDeps,
  input: ResetNewPasswordInput,
  client?: SessionClient,
): Promise<AuthAnswer> {
  const found = await findResetToken(deps.db, hashResetToken(input.token));
  const user = found ? await findUserById(deps.db, found.user_id) : undefined;
  if (!found || !user || user.email !== input.email || found.used_at || found.expires_at <= nowIso()) {
    throw invalidLink();
  }
  await assertStrongPassword(input.password, { email: user.email, shopNames: shopNamesOf(deps.config) });
  // Hash outside the transaction: it takes tens of milliseconds and SQLite holds its write lock meanwhile.
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await claimResetToken(trx, found.id, now))) throw invalidLink();
    await setPasswordHash(trx, user.id, passwordHash);
    await invalidateResetTokens(trx, user.id, now);
    // Whoever held a session (a thief with a stolen token, say) is signed out; only the answer's new one works.
    await endSessionsOf(trx, user.id, now);
    // A change of address still waiting (perhaps the thief's) is called off with them.
    await cancelEmailChanges(trx, user.id, now);
  });
  return authAnswer(deps, user, { client });
}
