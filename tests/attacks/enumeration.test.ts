// Attack suite: finding out who has an account (ASVS V6.3 "no user enumeration").
import { beforeAll, expect, it } from 'vitest';
import { RESET_REQUEST_MIN_MS } from '../../src/server/accounts/password-reset-service';
import { createTestUser, describeEachDatabase, useTestShop } from '../support/test-shop';

describeEachDatabase('attack: user enumeration', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' }, admin: false, customer: { username: 'Secret Name', password: 'right-password' } });
  let guestEmail: string;

  beforeAll(async () => {
    guestEmail = `guest-${dialect}@example.in`;
    const guest = await set.shop.app.inject({
      method: 'POST',
      url: '/api/account/registeronprocess',
      payload: { name: 'Guest Buyer', email: guestEmail, mobilenumber: '9123456780', address: '4 Lake Road', pincode: '600001', district: 'Chennai', state: 'Tamil Nadu' },
    });
    expect(guest.statusCode).toBe(200);
  });

  const post = (url: string, payload: Record<string, unknown>) => set.shop.app.inject({ method: 'POST', url, payload });
  const stripRequestId = (headers: Record<string, unknown>) => {
    const { 'x-request-id': _id, date: _date, ...rest } = headers;
    return rest;
  };

  it('login answers an unknown email, a wrong password and a password-less guest account identically', async () => {
    const answers = [
      await post('/api/account/login', { email: 'nobody-here@example.in', password: 'right-password' }),
      await post('/api/account/login', { email: set.customer.email, password: 'wrong-password' }),
      await post('/api/account/login', { email: guestEmail, password: 'right-password' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(answers[0]?.body);
      expect(stripRequestId(res.headers)).toEqual(stripRequestId(answers[0]?.headers ?? {}));
    }
  });

  it('password reset answers a known and an unknown address with the same body, after the same minimum time', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post('/api/account/resetpassword', { email });
      return { res, ms: performance.now() - started };
    };
    const known = await timed(set.customer.email);
    const unknown = await timed('nobody-here@example.in');
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(200);
    expect(known.res.body).toBe(unknown.res.body);
    // The fast branch (no account) waits out the floor, so a stopwatch cannot tell the two apart.
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
  });

  it("register and billing say only that the address is taken: never the owner's name, phone or whether it is a guest", async () => {
    const register = await post('/api/account/register', { username: 'Probe', emailaddress: set.customer.email, mobilenumber: '9000000000', password: 'secret123' });
    const registerGuest = await post('/api/account/register', { username: 'Probe', emailaddress: guestEmail, mobilenumber: '9000000000', password: 'secret123' });
    expect(register.statusCode).toBe(409);
    expect(registerGuest.statusCode).toBe(409);
    // A guest account and a full account look the same to a prober.
    expect(register.body).toBe(registerGuest.body);
    for (const res of [register, registerGuest]) {
      expect(res.body).not.toMatch(/Secret Name|Guest Buyer|9876543210|9123456780/);
    }
  });

  it('the failed-login lockout counts unknown addresses too, so a 429 does not confirm an account', async () => {
    const statuses = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i += 1) out.push((await post('/api/account/login', { email, password: `guess-${i}` })).statusCode);
      return out;
    };
    const known = await createTestUser(set.shop);
    expect(await statuses(known.email)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await statuses('ghost-account@example.in')).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
