// A returning guest continues with a six-digit code mailed to the address, instead of a password they never chose.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuthAnswer, EmailCodeRequestInput, EmailCodeVerifyInput } from '../../domain/schemas/account';
import { HttpError, unauthorized } from '../http/errors';
import { tooManyRequests } from '../http/rate-limit';
import { claimAttempt } from '../limits/attempts';
import { enqueueMail } from '../mail/outbox';
import { emailCodeMail } from './account-mails';
import { authAnswer, type AccountDeps } from './account-service';
import { EMAIL_CODE_MINUTES, codeFits, codeFor, issueChallenge, openChallenge } from './email-codes';
import { RESET_REQUEST_MIN_MS } from './password-reset-service';
import type { SessionClient } from './session-service';
import { findUserByEmail } from './user-repository';

/** Codes mailed to one address in EMAIL_CODE_MINUTES, whoever asks (mail bombing). */
export const EMAIL_CODES_PER_ADDRESS = 3;
/** Wrong codes typed for one address in EMAIL_CODE_MINUTES: five guesses at a million codes. */
export const EMAIL_CODE_GUESSES = 5;
const WINDOW_MS = EMAIL_CODE_MINUTES * 60_000;

export const EMAIL_CODE_SENT_MESSAGE = `If this address has an account with us, we have mailed it a 6-digit code. It works for ${EMAIL_CODE_MINUTES} minutes.`;
const WRONG_CODE_MESSAGE = 'That code is not right, or it has expired. Check the newest mail, or ask for a new code.';

/**
 * The same answer whether or not the address has an account (the address was already told "taken" by the billing
 * call; nothing more is learned here), and at least as slow either way.
 */
export async function requestEmailCode(deps: AccountDeps, input: EmailCodeRequestInput): Promise<{ challenge: string; message: string }> {
  await claimAttempt(deps.counters, [
    {
      key: `email-code-mail:${input.email}`,
      max: EMAIL_CODES_PER_ADDRESS,
      windowMs: WINDOW_MS,
      refuse: (resetInMs) =>
        tooManyRequests(resetInMs, `We have already mailed ${EMAIL_CODES_PER_ADDRESS} codes to this address.`, 'Use the newest one, or log in with your password.'),
    },
  ]);
  const started = Date.now();
  const challenge = issueChallenge(deps.config.JWT_SECRET, input.email);
  const user = await findUserByEmail(deps.db, input.email);
  if (user) {
    await enqueueMail(deps.db, emailCodeMail(user.email, user.username, codeFor(deps.config.JWT_SECRET, challenge, user), EMAIL_CODE_MINUTES));
    deps.outbox.kick();
  }
  const remaining = RESET_REQUEST_MIN_MS - (Date.now() - started);
  if (remaining > 0) await sleep(remaining);
  return { challenge, message: EMAIL_CODE_SENT_MESSAGE };
}

/**
 * Signs in with a mailed code: each wrong code counts against the address before it is checked (released when
 * right), and a code works once.
 */
export async function signInWithEmailCode(deps: AccountDeps, input: EmailCodeVerifyInput, client?: SessionClient): Promise<AuthAnswer> {
  const guess = await claimAttempt(deps.counters, [
    {
      key: `email-code-guess:${input.email}`,
      max: EMAIL_CODE_GUESSES,
      windowMs: WINDOW_MS,
      refuse: (resetInMs) => tooManyRequests(resetInMs, 'Too many wrong codes were typed for this address.', 'Ask for a new code in a few minutes, or log in with your password.'),
    },
  ]);
  const secret = deps.config.JWT_SECRET;
  const opened = openChallenge(secret, input.email, input.challenge);
  const user = opened ? await findUserByEmail(deps.db, input.email) : undefined;
  if (!opened || !user || !codeFits(secret, input.challenge, user, input.code)) throw unauthorized(WRONG_CODE_MESSAGE);
  await guess.release();
  await claimAttempt(deps.counters, [
    { key: `email-code-used:${opened.nonce}`, max: 1, windowMs: WINDOW_MS, refuse: () => new HttpError(401, 'UNAUTHORIZED', WRONG_CODE_MESSAGE) },
  ]);
  return authAnswer(deps, user, { client });
}
