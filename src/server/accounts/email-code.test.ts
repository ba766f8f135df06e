import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAnswerSchema, emailCodeAnswerSchema } from '../../domain/schemas/account';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { EMAIL_CODE_GUESSES, EMAIL_CODES_PER_ADDRESS, EMAIL_CODE_SENT_MESSAGE } from './email-code-service';
import { EMAIL_CODE_MINUTES, codeFor, issueChallenge, openChallenge } from './email-codes';
import { bearer, call, mailsTo, newBilling } from './test-helpers';

const SECRET = 'z'.repeat(40);

describe('email code challenges', () => {
  it('open only for the address they were issued to, within their minutes', () => {
    const issuedAt = Date.parse('2026-11-27T10:00:00Z');
    const challenge = issueChallenge(SECRET, 'meera@example.in', issuedAt);
    expect(openChallenge(SECRET, 'meera@example.in', challenge, issuedAt + 60_000)).not.toBeNull();
    expect(openChallenge(SECRET, 'meera@example.in', challenge, issuedAt + EMAIL_CODE_MINUTES * 60_000 + 1)).toBeNull();
    expect(openChallenge(SECRET, 'other@example.in', challenge, issuedAt + 60_000)).toBeNull();
    expect(openChallenge('y'.repeat(40), 'meera@example.in', challenge, issuedAt + 60_000)).toBeNull();
    const [, nonce, signature] = challenge.split('.');
    expect(openChallenge(SECRET, 'meera@example.in', `${issuedAt + 1}.${nonce}.${signature}`, issuedAt + 60_000)).toBeNull();
  });

  it('derive six digits bound to the account and its password version', () => {
    const challenge = issueChallenge(SECRET, 'meera@example.in');
    const code = codeFor(SECRET, challenge, { id: 7, password_changed_at: null });
    expect(code).toMatch(/^\d{6}$/);
    expect(codeFor(SECRET, challenge, { id: 7, password_changed_at: null })).toBe(code);
    const others = [codeFor(SECRET, challenge, { id: 8, password_changed_at: null }), codeFor(SECRET, challenge, { id: 7, password_changed_at: '2026-11-27T10:00:00.000Z' })];
    expect(others).not.toContain(code);
  });
});

describeEachDatabase('a returning guest continues with a mailed code', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const ask = (email: string, ip = '10.9.0.1') => call(shop, 'POST', '/api/account/email-code', { email }, { ip });
  const verify = (body: Record<string, unknown>, ip = '10.9.0.1') => call(shop, 'POST', '/api/account/email-code/verify', body, { ip });
  async function mailedCode(email: string): Promise<string> {
    const mails = await mailsTo(shop, email);
    const code = /code to continue at Ghee Shop is (\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
  async function guest() {
    const billing = newBilling();
    const first = await call(shop, 'POST', '/api/account/registeronprocess', billing);
    expect(first.status).toBe(200);
    return { billing, token: authAnswerSchema.parse(first.json()).token };
  }

  it('a guest who checks out again is told the address is taken, gets a code and is signed in to that account', async () => {
    const { billing } = await guest();
    expect((await call(shop, 'POST', '/api/account/registeronprocess', billing)).status).toBe(409);
    const asked = await ask(billing.email);
    expect(asked.status).toBe(200);
    const { challenge, message } = emailCodeAnswerSchema.parse(asked.json());
    expect(message).toBe(EMAIL_CODE_SENT_MESSAGE);
    const code = await mailedCode(billing.email);
    const signedIn = await verify({ email: billing.email, challenge, code });
    expect(signedIn.status).toBe(200);
    const answer = authAnswerSchema.parse(signedIn.json());
    expect(answer.user.emailaddress).toBe(billing.email);
    // The session is the account's: an order placed with it is theirs, and the profile is theirs.
    const me = await shop.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(answer.token) });
    expect(me.json()).toMatchObject({ emailaddress: billing.email });
    // A code works once.
    expect((await verify({ email: billing.email, challenge, code })).status).toBe(401);
  });

  it('an address without an account gets the same answer and no mail, and no code signs in to it', async () => {
    const email = `nobody-${Date.now()}@example.in`;
    const asked = await ask(email);
    expect(asked.status).toBe(200);
    const { challenge, message } = emailCodeAnswerSchema.parse(asked.json());
    expect(message).toBe(EMAIL_CODE_SENT_MESSAGE);
    expect(await mailsTo(shop, email)).toEqual([]);
    expect((await verify({ email, challenge, code: '123456' })).status).toBe(401);
  });

  it(`at most ${EMAIL_CODES_PER_ADDRESS} codes a window to one address, from any IP; then 429`, async () => {
    const { billing } = await guest();
    const statuses = [];
    for (let i = 0; i < EMAIL_CODES_PER_ADDRESS + 1; i += 1) statuses.push((await ask(billing.email, `10.9.1.${i}`)).status);
    expect(statuses).toEqual([...Array<number>(EMAIL_CODES_PER_ADDRESS).fill(200), 429]);
    expect((await mailsTo(shop, billing.email)).filter((m) => m.subject.endsWith('is your Ghee Shop code'))).toHaveLength(EMAIL_CODES_PER_ADDRESS);
  });

  it(`${EMAIL_CODE_GUESSES} wrong codes for an address, even at once from many IPs, and then even the right one is refused`, async () => {
    const { billing } = await guest();
    const { challenge } = emailCodeAnswerSchema.parse((await ask(billing.email)).json());
    const code = await mailedCode(billing.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => verify({ email: billing.email, challenge, code: wrong }, `10.9.2.${i}`)));
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(EMAIL_CODE_GUESSES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - EMAIL_CODE_GUESSES);
    expect((await verify({ email: billing.email, challenge, code })).status).toBe(429);
  });

  it('a challenge of another address, a forged one, or a malformed code is refused with a clear answer', async () => {
    const { billing } = await guest();
    const other = await guest();
    const { challenge } = emailCodeAnswerSchema.parse((await ask(billing.email)).json());
    const code = await mailedCode(billing.email);
    expect((await verify({ email: other.billing.email, challenge, code })).status).toBe(401);
    expect((await verify({ email: billing.email, challenge: `${challenge}x`, code })).status).toBe(401);
    const malformed = await verify({ email: billing.email, challenge, code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain('Type the 6 digits from the mail.');
    expect((await verify({ email: billing.email, challenge, code })).status).toBe(200);
  });
});
