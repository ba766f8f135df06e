import { TOASTS } from '../../domain/messages';
import type {
  AuthAnswer,
  GuestRegisterInput,
  LoginInput,
  ProfileInput,
  PublicUser,
  RegisterInput,
} from '../../domain/schemas/account';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { conflict, unauthorized } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { resetLink, setPasswordMail } from './account-mails';
import { issueResetToken } from './reset-tokens';
import { accountLockKey } from './account-lock';
import { claimLogin, claimLoginWithLink } from './login-throttle';
import { mailUnlockLink } from './unlock-mail';
import { unlockTokenFits, unlockTokenId } from './unlock-links';
import { openSession, type SessionClient } from './session-service';
import { EMAIL_TAKEN_MESSAGE as EMAIL_CHANGE_TAKEN_MESSAGE, assertEmailChangeAllowed, startEmailChange } from './email-change-service';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  rolesOf,
  updateProfile as updateProfileRow,
  toPublicUser,
} from './user-repository';

export type AccountDeps = Pick<AppContext, 'db' | 'config' | 'tokens' | 'counters' | 'outbox'>;

export const LOGIN_FAILED_MESSAGE = 'Email or password is incorrect.';
export const EMAIL_TAKEN_MESSAGE =
  'An account with this email already exists. Log in, or use "Forgot password" to set a new password.';
export const PROFILE_EMAIL_TAKEN_MESSAGE = EMAIL_CHANGE_TAKEN_MESSAGE;

// A guest may read the "set your password" mail a day later; a reset link asked for on purpose lasts an hour.
export const SET_PASSWORD_LINK_HOURS = 24;

export async function authAnswer(
  deps: AccountDeps,
  row: UserRow,
  options: { remember?: boolean; client?: SessionClient } = {},
): Promise<AuthAnswer> {
  const user = toPublicUser(row, await rolesOf(deps.db, row.id));
  const token = await openSession(deps, row, options);
  return { token, user };
}

export async function register(deps: AccountDeps, input: RegisterInput, client?: SessionClient): Promise<AuthAnswer> {
  if (await findUserByEmail(deps.db, input.emailaddress)) throw emailTaken(EMAIL_TAKEN_MESSAGE, 'emailaddress');
  await assertStrongPassword(input.password, { email: input.emailaddress, shopNames: shopNamesOf(deps.config) });
  const passwordHash = await hashPassword(input.password);
  const row = await insertOrConflict(EMAIL_TAKEN_MESSAGE, 'emailaddress', () =>
    deps.db.transaction().execute((trx) =>
      insertUser(trx, {
        email: input.emailaddress,
        username: input.username,
        mobilenumber: input.mobilenumber,
        passwordHash,
      }),
    ),
  );
  return authAnswer(deps, row, { client });
}

/**
 * Signs in with the password. Every try is counted against the account's lock before the password is checked
 * (login-throttle.ts); a mailed sign-in link (`unlock`) skips the lock, so wrong passwords from elsewhere cannot keep
 * the owner out (decision 051).
 */
export async function login(deps: AccountDeps, input: LoginInput, client?: SessionClient): Promise<AuthAnswer> {
  const row = await findUserByEmail(deps.db, input.email);
  const lockKey = accountLockKey(input.email, row?.password_changed_at);
  const viaLink = !!row && !!input.unlock && unlockTokenFits(deps.config.JWT_SECRET, input.unlock, row);
  const attempt = viaLink && input.unlock ? await claimLoginWithLink(deps.counters, unlockTokenId(input.unlock)) : await claimLogin(deps.counters, lockKey);
  // An unknown email and a guest account without a password cost the same hashing time as a wrong password.
  const ok = await verifyPassword(row?.password_hash ?? null, input.password);
  if (!row || !ok) {
    const failure = attempt.failed();
    if (failure.locked && row) await mailUnlockLink(deps, row, lockKey, failure.lockedUntilMs);
    throw unauthorized(LOGIN_FAILED_MESSAGE);
  }
  await attempt.succeeded();
  return authAnswer(deps, row, { remember: input.remember ?? false, client });
}

/**
 * The account made at billing for a visitor who is not logged in: no usable password, and a mailed link to set
 * one, queued in the same transaction so the mail exists exactly when the account does.
 */
export async function registerGuest(
  deps: AccountDeps,
  input: GuestRegisterInput,
  client?: SessionClient,
): Promise<AuthAnswer> {
  if (await findUserByEmail(deps.db, input.email)) throw emailTaken(TOASTS.guestRegisterExists, 'email');
  const row = await insertOrConflict(TOASTS.guestRegisterExists, 'email', () =>
    deps.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        email: input.email,
        username: input.name,
        mobilenumber: input.mobilenumber,
        address: input.address,
        pincode: input.pincode,
        district: input.district,
        state: input.state,
        passwordHash: null,
      });
      const token = await issueResetToken(trx, user.id, SET_PASSWORD_LINK_HOURS * 60 * 60 * 1000);
      const link = resetLink(deps.config.PUBLIC_URL, user.email, token, true);
      await enqueueMail(trx, setPasswordMail(user.email, user.username, link, SET_PASSWORD_LINK_HOURS));
      return user;
    }),
  );
  return authAnswer(deps, row, { client });
}

export interface ProfileAnswer {
  user: PublicUser;
  /** The new address that was sent a confirmation link; the account keeps its address until it is opened. */
  pendingEmail?: string;
}

/**
 * Replaces the caller's own profile. A new e-mail address is not written here: it needs the current password and
 * waits for its confirmation link (email-change-service.ts), while the other fields change at once.
 */
export async function updateProfile(deps: AccountDeps, userId: number, input: ProfileInput): Promise<ProfileAnswer> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw unauthorized();
  const changingEmail = input.emailaddress !== current.email;
  if (changingEmail) {
    await assertEmailChangeAllowed(deps, current, input.emailaddress, input.currentpassword);
  }
  const after = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateProfileRow(trx, userId, {
      username: input.username,
      mobilenumber: input.mobilenumber,
      address: input.address,
      pincode: input.pincode,
      district: input.district,
      state: input.state,
    });
    if (changingEmail) await startEmailChange(trx, deps, current, input.emailaddress);
    return updated;
  });
  const user = toPublicUser(after, await rolesOf(deps.db, userId));
  return changingEmail ? { user, pendingEmail: input.emailaddress } : { user };
}

/** The shop's names a password may not hold: the sender's name of its mails ("Ghee Shop") besides the built-in one. */
export function shopNamesOf(config: AccountDeps['config']): string[] {
  const sender = config.MAIL_FROM.replace(/<[^>]*>/, '').replace(/"/g, '').trim();
  return sender ? [sender] : [];
}

function emailTaken(message: string, field: string) {
  return conflict(message, { [field]: message });
}

/** Two requests for one new email at once: the database's unique rule decides, and the loser gets the 409. */
async function insertOrConflict<T>(message: string, field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(message, field);
    throw error;
  }
}

/**
 * The caller's own profile and roles as they are now (GET /api/account/me): the app asks on focus and after a
 * 403, so an admin granted meanwhile sees the dashboard without logging out and in.
 */
export async function currentProfile(deps: AccountDeps, userId: number): Promise<PublicUser> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw unauthorized();
  return toPublicUser(row, await rolesOf(deps.db, row.id));
}
