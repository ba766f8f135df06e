import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../db/schema';

/** A mailed code works this long after it was asked for. */
export const EMAIL_CODE_MINUTES = 10;
const EMAIL_CODE_MS = EMAIL_CODE_MINUTES * 60_000;

type CodeUser = Pick<UserRow, 'id' | 'password_changed_at'>;

function hmac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest();
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * What the page keeps between asking for a code and typing it: the address, when it was asked for, a nonce and a
 * signature with the shop's secret. It is answered alike whether or not the address has an account, and nothing is
 * stored: the code is derived from it (decision 071).
 */
export function issueChallenge(secret: string, email: string, nowMs = Date.now()): string {
  const body = `${nowMs}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${hmac(secret, `email-code-challenge|${email}|${body}`).toString('base64url')}`;
}

/** Whether `challenge` was issued by this shop for `email` and is still within its minutes; answers its nonce. */
export function openChallenge(secret: string, email: string, challenge: string, nowMs = Date.now()): { nonce: string } | null {
  const [issued, nonce, signature] = challenge.split('.');
  const issuedAtMs = Number(issued);
  if (!nonce || !signature || !Number.isSafeInteger(issuedAtMs)) return null;
  if (issuedAtMs > nowMs || nowMs - issuedAtMs > EMAIL_CODE_MS) return null;
  const expected = hmac(secret, `email-code-challenge|${email}|${issued}.${nonce}`).toString('base64url');
  return sameText(signature, expected) ? { nonce } : null;
}

/**
 * The six digits mailed for a challenge: bound to the account and its password's version, so a code mailed before a
 * password reset no longer signs in.
 */
export function codeFor(secret: string, challenge: string, user: CodeUser): string {
  const digest = hmac(secret, `email-code|${user.id}|${user.password_changed_at ?? ''}|${challenge}`);
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export function codeFits(secret: string, challenge: string, user: CodeUser, given: string): boolean {
  return sameText(codeFor(secret, challenge, user), given);
}
