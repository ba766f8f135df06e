// Shared by the account integration tests.
import { expect } from 'vitest';
import { readMailbox, type ParsedMail } from '../../../tests/support/mailbox';
import type { TestShop } from '../../../tests/support/test-shop';

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, unknown>;
  json: () => unknown;
}

export async function call(
  shop: TestShop,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<Answer> {
  const res = await shop.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: res.statusCode, body: res.body, headers: res.headers, json: () => res.json() };
}

let counter = 0;
/** A fresh, valid register body. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: 'Asha Rao',
    emailaddress: `asha${counter}-${Date.now()}@example.in`,
    mobilenumber: '9876543210',
    password: 'ghee-lover',
    ...overrides,
  };
}

/** A fresh, valid billing body for registeronprocess. */
export function newBilling(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Ravi Kumar',
    email: `ravi${counter}-${Date.now()}@example.in`,
    mobilenumber: '9123456780',
    address: '4 Lake Road',
    pincode: '600001',
    district: 'Chennai',
    state: 'Tamil Nadu',
    ...overrides,
  };
}

/** No account answer may carry a password or a hash, under any key or inside any value. */
export function expectNoSecrets(answer: Answer): void {
  expect(answer.body).not.toMatch(/password/i);
  expect(answer.body).not.toMatch(/\$argon2/);
  expect(answer.body).not.toMatch(/hash/i);
}

/** Delivers the outbox and returns the mails written for `to`. */
export async function mailsTo(shop: TestShop, to: string): Promise<ParsedMail[]> {
  await shop.app.ctx.outbox.drain();
  return readMailbox(shop.dataDir).filter((m) => m.to.includes(to));
}

export interface MailedLink {
  url: string;
  email: string;
  token: string;
}

/** The reset link of the newest mail to `to`, read the way a person reads it: from the text part. */
export async function linkMailedTo(shop: TestShop, to: string): Promise<MailedLink> {
  const mails = await mailsTo(shop, to);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = /(\S+\/resetpassword\?\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  const url = match[1];
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  return { url, email: query.get('email') ?? '', token: query.get('token') ?? '' };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
